//! The « Synthèse »: a few French sentences written from the report's numbers (the reference
//! spec, Phase 3: a written balance report). Deterministic — the same numbers give the same
//! words — and never claiming more than the 3σ bands allow:
//!
//! 1. the outcome: a side « l'emporte nettement » only when the low end of its band is above
//!    50 %; with two sides whose bands both hold 50 %, the result is « pile ou face »;
//!    otherwise the side winning most often is named without a claim of majority;
//! 2. who decides the fight: the combatant dealing the most damage per fight and the one most
//!    often downed (ties: the first in unit order);
//! 3. how long fights last: the mean rounds and the share decided in 3 rounds or fewer;
//! 4. the danger to each PC (the party of the CRB estimate): downed and killed rates.
//!
//! Owns the words only: every figure comes from [`Figures`] and the tally's histograms.

use pf1e_engine::tally::Tally;

use crate::figures::Figures;
use crate::header::ReportHeader;
use crate::numbers::pct;

/// Fights decided in this many rounds or fewer are « courts ».
const SHORT_FIGHT: usize = 3;

/// The sentences, each a full line without its newline; none without fights.
pub fn synthesis(header: &ReportHeader, tally: &Tally, figures: &Figures) -> Vec<String> {
    if figures.fights == 0 {
        return Vec::new();
    }
    let mut out = vec![outcome(header, figures)];
    out.extend(deciders(header, figures));
    let short: u64 = tally.rounds_hist.iter().take(SHORT_FIGHT + 1).sum();
    out.push(format!(
        "Les combats durent {:.1} rounds en moyenne ; {} se décident en {SHORT_FIGHT} rounds ou moins.",
        figures.mean_rounds.unwrap_or(0.0),
        pct(Some(short as f64 / figures.fights as f64))
    ));
    if let Some(encounter) = &header.encounter {
        for (unit, f) in header.units.iter().zip(&figures.units) {
            if unit.side == header.sides[encounter.party_side].name {
                out.push(format!(
                    "Danger pour {} : à terre dans {} des combats, tué dans {}.",
                    unit.id,
                    pct(f.downed_rate),
                    pct(f.killed_rate)
                ));
            }
        }
    }
    out
}

/// Sentence 1: who wins, as far as the bands allow.
fn outcome(header: &ReportHeader, figures: &Figures) -> String {
    let sides = header.sides.iter().zip(&figures.sides);
    let bands: Vec<_> = sides
        .filter_map(|(h, f)| f.band.map(|b| (h.name.as_str(), b)))
        .collect();
    if let Some((name, b)) = bands.iter().find(|(_, b)| b.low > 0.5) {
        return format!(
            "{name} l'emporte nettement : {} des combats (bande 3σ [{}, {}]).",
            pct(Some(b.rate)),
            pct(Some(b.low)),
            pct(Some(b.high))
        );
    }
    if bands.len() == 2 && bands.iter().all(|(_, b)| b.low <= 0.5 && b.high >= 0.5) {
        return format!(
            "Pile ou face : les bandes 3σ des deux camps contiennent 50 % ; aucun ne s'impose à {} combats.",
            figures.fights
        );
    }
    let best = bands.iter().fold(
        None::<&(&str, crate::band::Band)>,
        |best, side| match best {
            Some(b) if b.1.rate >= side.1.rate => Some(b),
            _ => Some(side),
        },
    );
    match best {
        Some((name, b)) => format!(
            "{name} gagne le plus souvent ({}), sans majorité assurée par la bande 3σ [{}, {}].",
            pct(Some(b.rate)),
            pct(Some(b.low)),
            pct(Some(b.high))
        ),
        None => "Aucun combat joué.".to_string(),
    }
}

/// Sentence 2: the most damaging and the most often downed combatants.
fn deciders(header: &ReportHeader, figures: &Figures) -> Option<String> {
    let most = |value: &dyn Fn(usize) -> f64| {
        (0..header.units.len()).fold(None::<usize>, |best, i| match best {
            Some(b) if value(b) >= value(i) => Some(b),
            _ => Some(i),
        })
    };
    let damage = |i: usize| figures.units[i].damage_dealt.unwrap_or(0.0);
    let downed = |i: usize| figures.units[i].downed_rate.unwrap_or(0.0);
    let (d, w) = (most(&damage)?, most(&downed)?);
    Some(format!(
        "Qui décide : {} inflige le plus de dégâts ({:.1} par combat) ; {} est le plus souvent à terre ({} des combats).",
        header.units[d].id,
        damage(d),
        header.units[w].id,
        pct(Some(downed(w)))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{header, tally};

    fn lines(t: &Tally) -> Vec<String> {
        synthesis(&header(), t, &Figures::compute(&header(), t).unwrap())
    }

    #[test]
    fn a_clear_winner_is_said_so_with_its_band() {
        let mut t = tally();
        t.rounds_hist[2] = 400;
        let got = lines(&t);
        assert_eq!(
            got[0],
            "players l'emporte nettement : 96.2% des combats (bande 3σ [94.4%, 98.0%])."
        );
        assert_eq!(
            got[1],
            "Qui décide : élémentaire inflige le plus de dégâts (12.3 par combat) ; orc est le plus souvent à terre (96.2% des combats)."
        );
        assert_eq!(
            got[2],
            "Les combats durent 6.6 rounds en moyenne ; 40.0% se décident en 3 rounds ou moins."
        );
        assert_eq!(got.len(), 3, "no PC party, no danger lines");
        assert_eq!(lines(&t), got, "same numbers, same words");
    }

    #[test]
    fn overlapping_bands_are_a_coin_flip_and_a_lead_is_not_a_majority() {
        let mut t = tally();
        (t.fights, t.wins, t.draws) = (100, vec![52, 48], 0);
        assert!(
            lines(&t)[0]
                .starts_with("Pile ou face : les bandes 3σ des deux camps contiennent 50 %")
        );
        (t.fights, t.wins, t.draws) = (100, vec![45, 30], 25);
        assert_eq!(
            lines(&t)[0],
            "players gagne le plus souvent (45.0%), sans majorité assurée par la bande 3σ [30.1%, 59.9%]."
        );
        assert_eq!(lines(&Tally::empty(2, 4)), Vec::<String>::new());
    }

    #[test]
    fn each_pc_of_the_party_gets_its_danger() {
        let mut h = header();
        h.encounter = Some(crate::difficulty::Encounter {
            party_side: 1,
            levels: vec![3],
            foes: vec![],
        });
        let t = tally();
        let got = synthesis(&h, &t, &Figures::compute(&h, &t).unwrap());
        assert_eq!(
            got.last().unwrap(),
            "Danger pour orc : à terre dans 96.2% des combats, tué dans 100.0%."
        );
    }
}
