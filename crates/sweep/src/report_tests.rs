//! Tests of the French text report: exact bytes from hand-made tallies.

use pf1e_engine::tally::Tally;

use super::*;
pub(crate) use crate::fixtures::{header, tally};

#[test]
fn text_report_has_the_seed_shape_to_the_byte() {
    let text = render_text(&header(), &tally()).unwrap();
    let expected = "\
=== Rapport d'équilibrage ===
Carte : Arène d'essai
players : 3 combattants
monsters : 1 combattant
1000 combats simulés (seed 1, plafond 100 rounds)

Victoires players : 96.2% (962) — bande 3σ : [94.4%, 98.0%]
Victoires monsters : 3.6% (36) — bande 3σ : [1.8%, 5.4%]
Nuls : 0.2% (2)
Rounds moyens : 6.6

Attrition moyenne par combattant :
Combattant   Camp      Touches  Critiques  Dégâts infligés  Dégâts subis  Soins prodigués  À terre    Tués
-----------  --------  -------  ---------  ---------------  ------------  ---------------  -------  ------
goblin       players       1.2        0.1              4.6           3.2              0.0    25.0%   12.5%
goblin-2     players       1.0        0.0              3.3           4.4              0.0    30.0%   20.0%
élémentaire  players      10.0        0.0             12.3           0.0              1.5     0.0%    0.0%
orc          monsters      2.0        0.3             10.0          15.0              0.0    96.2%  100.0%

Synthèse :
players l'emporte nettement : 96.2% des combats (bande 3σ [94.4%, 98.0%]).
Qui décide : élémentaire inflige le plus de dégâts (12.3 par combat) ; orc est le plus souvent à terre (96.2% des combats).
Les combats durent 6.6 rounds en moyenne ; 0.0% se décident en 3 rounds ou moins.
";
    assert_eq!(text, expected, "got:\n{text}");
}

#[test]
fn attrition_columns_line_up_by_display_width() {
    let text = render_text(&header(), &tally()).unwrap();
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Combattant"))
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(table.len(), 6);
    let widths: Vec<usize> = table.iter().map(|l| table::width(l)).collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
    assert!(table.iter().all(|l| !l.ends_with(' ')));
}

#[test]
fn one_fight_one_round_cap_and_sure_outcomes_read_well() {
    let mut h = header();
    h.round_cap = 1;
    h.runs = 1;
    let mut t = Tally::empty(2, 4);
    t.fights = 1;
    t.wins = vec![1, 0];
    t.rounds_sum = 1;
    let text = render_text(&h, &t).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[4], "1 combat simulé (seed 1, plafond 1 round)");
    // A sure outcome has σ = 0: the band is the point, clamped into [0, 1].
    assert_eq!(
        lines[6],
        "Victoires players : 100.0% (1) — bande 3σ : [100.0%, 100.0%]"
    );
    assert_eq!(
        lines[7],
        "Victoires monsters : 0.0% (0) — bande 3σ : [0.0%, 0.0%]"
    );
    assert_eq!(lines[8], "Nuls : 0.0% (0)");
    assert_eq!(lines[9], "Rounds moyens : 1.0");
}

#[test]
fn bands_are_clamped_to_zero_and_one() {
    let mut t = Tally::empty(2, 4);
    t.fights = 10;
    t.wins = vec![9, 1];
    t.rounds_sum = 35;
    let text = render_text(&header(), &t).unwrap();
    assert!(
        text.contains("Victoires players : 90.0% (9) — bande 3σ : [61.5%, 100.0%]\n"),
        "{text}"
    );
    assert!(
        text.contains("Victoires monsters : 10.0% (1) — bande 3σ : [0.0%, 38.5%]\n"),
        "{text}"
    );
    assert!(text.contains("Rounds moyens : 3.5\n"), "{text}");
}

#[test]
fn an_empty_tally_renders_dashes_not_nan() {
    let text = render_text(&header(), &Tally::empty(2, 4)).unwrap();
    assert!(text.contains("0 combat simulé (seed 1, plafond 100 rounds)\n"));
    assert!(text.contains("Victoires players : — (0)\n"), "{text}");
    assert!(text.contains("Nuls : — (0)\nRounds moyens : —\n"), "{text}");
    assert!(!text.contains("NaN"));
}

#[test]
fn a_tally_of_another_encounter_is_refused() {
    let e = render_text(&header(), &Tally::empty(3, 4)).unwrap_err();
    assert_eq!((e.header_sides, e.tally_sides), (2, 3));
}
