//! Plain-text tables aligned by display width (the reference spec « Affichage du transcript »:
//! the width of accents and CJK as a terminal shows them, not bytes or chars). Owns padding only: callers
//! format their cells. Columns are separated by two spaces, a dashes line follows the header,
//! and the last column is never padded on the right, so lines carry no trailing spaces.

use unicode_width::UnicodeWidthStr;

/// Where a cell's text sits in its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// One column: its header and alignment (the header is aligned like the cells).
#[derive(Clone, Copy, Debug)]
pub struct Column<'a> {
    pub header: &'a str,
    pub align: Align,
}

/// A table line: cells (one per column), or raw text printed as is from column 0, kept at
/// its position and never counted in the column widths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Cells(Vec<String>),
    Raw(String),
}

/// Display width of `text` in terminal columns.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// Renders the header, the dashes line and `rows`, each line newline-terminated. A row with
/// fewer cells than columns leaves the rest empty; extra cells are ignored.
pub fn render(columns: &[Column<'_>], rows: &[Row]) -> String {
    let mut widths: Vec<usize> = columns.iter().map(|c| width(c.header)).collect();
    for row in rows {
        if let Row::Cells(cells) = row {
            for (w, cell) in widths.iter_mut().zip(cells) {
                *w = (*w).max(width(cell));
            }
        }
    }
    let aligns: Vec<Align> = columns.iter().map(|c| c.align).collect();
    let mut out = String::new();
    let headers: Vec<&str> = columns.iter().map(|c| c.header).collect();
    push_line(&mut out, &headers, &aligns, &widths);
    let dashes: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    let dashes: Vec<&str> = dashes.iter().map(String::as_str).collect();
    push_line(&mut out, &dashes, &aligns, &widths);
    for row in rows {
        match row {
            Row::Cells(cells) => {
                let cells: Vec<&str> = (0..columns.len())
                    .map(|i| cells.get(i).map_or("", String::as_str))
                    .collect();
                push_line(&mut out, &cells, &aligns, &widths);
            }
            Row::Raw(text) => {
                out.push_str(text);
                out.push('\n');
            }
        }
    }
    out
}

fn push_line(out: &mut String, cells: &[&str], aligns: &[Align], widths: &[usize]) {
    let last = cells.len().saturating_sub(1);
    for (i, ((cell, align), &w)) in cells.iter().zip(aligns).zip(widths).enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        let pad = w.saturating_sub(width(cell));
        match align {
            Align::Right => {
                out.extend(std::iter::repeat_n(' ', pad));
                out.push_str(cell);
            }
            Align::Left => {
                out.push_str(cell);
                if i != last {
                    out.extend(std::iter::repeat_n(' ', pad));
                }
            }
        }
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_align_by_display_width_not_bytes() {
        let columns = [
            Column {
                header: "Nom",
                align: Align::Left,
            },
            Column {
                header: "N",
                align: Align::Right,
            },
        ];
        let rows = [
            Row::Cells(vec!["élémentaire".into(), "1.0".into()]),
            Row::Raw("brut".into()),
            Row::Cells(vec!["orc".into(), "12.5".into()]),
            Row::Cells(vec!["鬼".into(), "3.0".into()]),
        ];
        assert_eq!(
            render(&columns, &rows),
            "Nom             N\n\
             -----------  ----\n\
             élémentaire   1.0\n\
             brut\n\
             orc          12.5\n\
             鬼            3.0\n"
        );
    }

    #[test]
    fn last_left_column_has_no_trailing_spaces() {
        let columns = [
            Column {
                header: "A",
                align: Align::Left,
            },
            Column {
                header: "Message",
                align: Align::Left,
            },
        ];
        let text = render(&columns, &[Row::Cells(vec!["x".into(), "hi".into()])]);
        assert_eq!(text, "A  Message\n-  -------\nx  hi\n");
    }
}
