//! Finds where a square of an ASCII layer stands in the YAML text, so an error about row r,
//! column c of `terrain` can also give the file's line and column. It only answers for the
//! usual block-scalar style (`terrain: |`) and checks the row text it found, so a guess is
//! never reported as a location.

/// Line and column (1-based) of square `(row, col)` of the top-level block layer `key`.
pub fn layer_square(
    text: &str,
    key: &str,
    row: usize,
    col: usize,
    row_text: &str,
) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let head = lines.iter().position(|line| {
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(':'))
            .is_some_and(|rest| {
                let rest = rest.trim_start();
                rest.starts_with('|') || rest.starts_with('>')
            })
    })?;
    let first = lines.get(head + 1)?;
    let indent = first.len() - first.trim_start_matches(' ').len();
    let line = lines.get(head + 1 + row)?;
    let content = line.get(indent..)?;
    if content != row_text {
        return None;
    }
    Some((head + 2 + row, indent + col + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_square_in_a_block_layer() {
        let text = "name: x\nterrain: |   # comment\n  ###\n  #X#\nlegend: {}\n";
        assert_eq!(layer_square(text, "terrain", 1, 1, "#X#"), Some((4, 4)));
        assert_eq!(layer_square(text, "terrain", 1, 1, "#Y#"), None);
        assert_eq!(layer_square(text, "zones", 0, 0, "###"), None);
    }
}
