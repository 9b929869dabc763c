//! The first fight's log as the reference spec's aligned three-column table (« Affichage du
//! transcript »): Round (right-aligned), Combattant, Message, a header and a dashes line, widths
//! by display width. A line without a round (initiative rolls, the outcome) is printed as is
//! from column 0 at its original position. Presentation only: the engine's lines are never
//! reordered, dropped or cut.

use pf1e_engine::fight::TranscriptLine;

use crate::table::{self, Align, Column, Row};

/// The title printed above the table.
pub const TITLE: &str = "=== Déroulé du premier combat ===";

/// The title and the table, newline-terminated.
pub fn render_transcript(lines: &[TranscriptLine]) -> String {
    let columns = [
        Column {
            header: "Round",
            align: Align::Right,
        },
        Column {
            header: "Combattant",
            align: Align::Left,
        },
        Column {
            header: "Message",
            align: Align::Left,
        },
    ];
    let rows: Vec<Row> = lines
        .iter()
        .map(|line| match line.round {
            None => Row::Raw(line.message.clone()),
            Some(round) => Row::Cells(vec![
                round.to_string(),
                line.actor.clone().unwrap_or_default(),
                line.message.clone(),
            ]),
        })
        .collect();
    let mut out = String::from(TITLE);
    out.push('\n');
    out.push_str(&table::render(&columns, &rows));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(round: Option<u32>, actor: Option<&str>, message: &str) -> TranscriptLine {
        TranscriptLine {
            round,
            actor: actor.map(str::to_string),
            message: message.to_string(),
        }
    }

    #[test]
    fn transcript_table_has_the_reference_layout() {
        let lines = [
            line(None, None, "initiative: orc d20=19+0=19"),
            line(
                Some(1),
                Some("orc"),
                "move (1,15)->(2,14)->(3,13)->(3,12)->(3,11)->(3,10)",
            ),
            line(
                Some(1),
                Some("goblin"),
                "short bow vs orc d20=9+4=13 AC 17 -> MISS",
            ),
            line(None, None, "battle over: players win in 4 rounds"),
        ];
        assert_eq!(
            render_transcript(&lines),
            "\
=== Déroulé du premier combat ===
Round  Combattant  Message
-----  ----------  ---------------------------------------------------
initiative: orc d20=19+0=19
    1  orc         move (1,15)->(2,14)->(3,13)->(3,12)->(3,11)->(3,10)
    1  goblin      short bow vs orc d20=9+4=13 AC 17 -> MISS
battle over: players win in 4 rounds
"
        );
    }

    #[test]
    fn accented_ids_and_long_rounds_stay_aligned() {
        let lines = [
            line(Some(9), Some("élémentaire-de-l'air"), "frappe"),
            line(Some(100), Some("orc"), "touché à 12 pv"),
            line(Some(10), None, "round sans acteur"),
        ];
        assert_eq!(
            render_transcript(&lines),
            "\
=== Déroulé du premier combat ===
Round  Combattant            Message
-----  --------------------  -----------------
    9  élémentaire-de-l'air  frappe
  100  orc                   touché à 12 pv
   10                        round sans acteur
"
        );
    }

    #[test]
    fn an_empty_log_still_has_its_header() {
        assert_eq!(
            render_transcript(&[]),
            "=== Déroulé du premier combat ===\nRound  Combattant  Message\n-----  ----------  -------\n"
        );
    }
}
