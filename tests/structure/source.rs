//! Reading one Rust source file for its imports: comments and string/char literals blanked
//! ([`strip`]), the rest cut into tokens, `#[cfg(test)]` items skipped, and every `crate::…` /
//! `super::…` path — in `use` trees (groups nested at any depth) and in expressions — turned
//! into an absolute module path ([`scan`]). Knows no file system and no crate layout: the caller
//! gives the file's module path and resolves the paths to files (see `graph`).

/// Blanks comments (line, block — nested — and doc) and string, byte-string, raw-string and
/// char literals, keeping every newline so positions stay on their lines. Lifetimes and labels
/// (`'a`, `'outer:`) are kept.
pub fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let end = literal_or_comment_end(&chars, i);
        if end > i {
            out.extend(
                chars[i..end]
                    .iter()
                    .map(|&c| if c == '\n' { '\n' } else { ' ' }),
            );
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Where the comment or literal starting at `i` ends (exclusive), or `i` when none starts there.
fn literal_or_comment_end(chars: &[char], i: usize) -> usize {
    let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
    match (at(i), at(i + 1)) {
        ('/', '/') => (i..chars.len())
            .find(|&k| chars[k] == '\n')
            .unwrap_or(chars.len()),
        ('/', '*') => block_comment_end(chars, i),
        ('"', _) => quoted_end(chars, i + 1, '"'),
        ('\'', _) => char_literal_end(chars, i),
        _ if starts_word(chars, i) => prefixed_literal_end(chars, i),
        _ => i,
    }
}

fn block_comment_end(chars: &[char], start: usize) -> usize {
    let (mut depth, mut k) = (0usize, start);
    while k < chars.len() {
        if chars[k] == '/' && chars.get(k + 1) == Some(&'*') {
            depth += 1;
            k += 2;
        } else if chars[k] == '*' && chars.get(k + 1) == Some(&'/') {
            depth -= 1;
            k += 2;
            if depth == 0 {
                return k;
            }
        } else {
            k += 1;
        }
    }
    chars.len()
}

/// The end of a literal whose body starts at `k`, closed by `close`, with backslash escapes.
fn quoted_end(chars: &[char], mut k: usize, close: char) -> usize {
    while k < chars.len() {
        match chars[k] {
            '\\' => k += 2,
            c if c == close => return k + 1,
            _ => k += 1,
        }
    }
    chars.len()
}

/// `'x'`, `'\n'`, `'\u{41}'` are literals; `'a` and `'static` (no closing quote right after
/// one character) are lifetimes and stay.
fn char_literal_end(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => quoted_end(chars, i + 1, '\''),
        (Some(_), Some('\'')) => i + 3,
        _ => i,
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `i` starts a word: the character before it (if any) is not part of an identifier.
fn starts_word(chars: &[char], i: usize) -> bool {
    i == 0 || !is_ident_char(chars[i - 1])
}

/// `b"…"`, `b'…'`, `c"…"`, `r"…"`, `r#"…"#`, `br#"…"#`, `cr"…"`; `i` when `chars[i..]` is an
/// ordinary identifier.
fn prefixed_literal_end(chars: &[char], i: usize) -> usize {
    let mut k = i;
    if matches!(chars[k], 'b' | 'c') {
        k += 1;
    }
    let raw = chars.get(k) == Some(&'r');
    if raw {
        k += 1;
    }
    let hashes = chars[k..].iter().take_while(|&&c| c == '#').count();
    k += hashes;
    match chars.get(k) {
        Some('"') if raw => raw_string_end(chars, k + 1, hashes),
        Some('"') if k > i && hashes == 0 => quoted_end(chars, k + 1, '"'),
        Some('\'') if k == i + 1 && chars[i] == 'b' => quoted_end(chars, k + 1, '\''),
        _ => i,
    }
}

fn raw_string_end(chars: &[char], mut k: usize, hashes: usize) -> usize {
    while k < chars.len() {
        if chars[k] == '"'
            && chars[k + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return k + 1 + hashes;
        }
        k += 1;
    }
    chars.len()
}

/// A token of stripped source: an identifier (or number), `::`, or one punctuation character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Word(String),
    PathSep,
    Punct(char),
}

impl Token {
    fn is(&self, c: char) -> bool {
        *self == Token::Punct(c)
    }

    fn word(&self) -> Option<&str> {
        match self {
            Token::Word(w) => Some(w),
            _ => None,
        }
    }
}

/// Cuts stripped source into tokens (whitespace dropped).
pub fn tokens(stripped: &str) -> Vec<Token> {
    let chars: Vec<char> = stripped.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if is_ident_char(c) {
            let end = (i..chars.len())
                .find(|&k| !is_ident_char(chars[k]))
                .unwrap_or(chars.len());
            out.push(Token::Word(chars[i..end].iter().collect()));
            i = end;
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    out
}

/// What one file references, outside test-only code.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// Every `crate::`/`super::` path, made absolute (segments from the crate root), in
    /// source order. Items are kept (`["fight", "Swing"]`): resolving to a file is the
    /// caller's job.
    pub paths: Vec<Vec<String>>,
    /// Modules declared `#[cfg(test)] mod name;` here, as absolute module paths.
    pub test_modules: Vec<Vec<String>>,
}

/// Scans a file whose module path is `module` (`["fight", "attack"]` for fight/attack.rs,
/// `[]` for lib.rs, `["fight"]` for fight/mod.rs).
pub fn scan(text: &str, module: &[String]) -> Scan {
    let toks = tokens(&strip(text));
    let mut scan = Scan::default();
    // Inline modules open here: (name, brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        if let Some(after) = cfg_test_attribute_end(&toks, i) {
            let end = item_end(&toks, after);
            if let Some(name) = declared_module(&toks[after..end]) {
                let mut m = current_module(module, &inline);
                m.push(name);
                scan.test_modules.push(m);
            }
            i = end;
            continue;
        }
        match &toks[i] {
            Token::Punct('{') => {
                depth += 1;
                if i >= 2
                    && toks[i - 2] == Token::Word("mod".into())
                    && let Some(name) = toks[i - 1].word()
                {
                    inline.push((name.to_string(), depth));
                }
            }
            Token::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Token::Word(w) if (w == "crate" || w == "super") && starts_path(&toks, i) => {
                let (paths, next) = path_at(&toks, i, &current_module(module, &inline));
                scan.paths.extend(paths);
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    scan
}

/// The file's module path plus the inline modules open at this point.
fn current_module(module: &[String], inline: &[(String, usize)]) -> Vec<String> {
    let mut m = module.to_vec();
    m.extend(inline.iter().map(|(name, _)| name.clone()));
    m
}

/// True when the source mentions the identifier `name` outside comments and literals.
pub fn mentions(text: &str, name: &str) -> bool {
    tokens(&strip(text)).iter().any(|t| t.word() == Some(name))
}

/// `#[cfg(test)]` at `i`, possibly followed by more attributes: the index of the item after them.
fn cfg_test_attribute_end(toks: &[Token], i: usize) -> Option<usize> {
    let pattern = ["#", "[", "cfg", "(", "test", ")", "]"];
    let matches = pattern
        .iter()
        .enumerate()
        .all(|(k, p)| match toks.get(i + k) {
            Some(Token::Word(w)) => w == p,
            Some(Token::Punct(c)) => p.len() == 1 && p.starts_with(*c),
            _ => false,
        });
    if !matches {
        return None;
    }
    let mut k = i + pattern.len();
    while toks.get(k).is_some_and(|t| t.is('#')) && toks.get(k + 1).is_some_and(|t| t.is('[')) {
        k = group_end(toks, k + 1);
    }
    Some(k)
}

/// The index just past the bracket group opening at `open` (`(`, `[` or `{`).
fn group_end(toks: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        match t {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// The end of the item starting at `start`: its `;`, or its first top-level `{…}` block.
fn item_end(toks: &[Token], start: usize) -> usize {
    let mut k = start;
    while k < toks.len() {
        match &toks[k] {
            Token::Punct(';') => return k + 1,
            Token::Punct('{') => return group_end(toks, k),
            Token::Punct('(' | '[') => k = group_end(toks, k),
            _ => k += 1,
        }
    }
    toks.len()
}

/// `[pub[(…)]] mod name;` → `name`.
fn declared_module(item: &[Token]) -> Option<String> {
    let at = item.iter().position(|t| t.word() == Some("mod"))?;
    match (item.get(at + 1), item.get(at + 2)) {
        (Some(Token::Word(name)), Some(Token::Punct(';'))) => Some(name.clone()),
        _ => None,
    }
}

/// `crate`/`super` at `i` begins a module path: followed by `::`, not a macro's `$crate`, not
/// inside `pub(in crate::…)` (a visibility, not a reference), not the tail of a longer path.
fn starts_path(toks: &[Token], i: usize) -> bool {
    let before = |k: usize| i.checked_sub(k).map(|j| &toks[j]);
    let followed = toks.get(i + 1) == Some(&Token::PathSep);
    let macro_crate = before(1).is_some_and(|t| t.is('$'));
    let tail = before(1) == Some(&Token::PathSep);
    let visibility = before(1).and_then(Token::word) == Some("in")
        && before(2).is_some_and(|t| t.is('('))
        && before(3).and_then(Token::word) == Some("pub");
    followed && !macro_crate && !tail && !visibility
}

/// The absolute paths named by the path starting at `i` (`crate` or `super`) and the index
/// after it. A `use` group yields one path per leaf.
fn path_at(toks: &[Token], i: usize, module: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut base: Vec<String> = Vec::new();
    let mut k = i;
    if toks[i].word() == Some("super") {
        base = module.to_vec();
        while toks[k].word() == Some("super") && toks.get(k + 1) == Some(&Token::PathSep) {
            base.pop();
            k += 2;
        }
    } else {
        k += 2;
    }
    let mut paths = Vec::new();
    let next = tree(toks, k, base, &mut paths);
    (paths, next)
}

/// A use tree or expression path continuing `prefix` at `k` (just after a `::`): segments,
/// then possibly `{group}`, `*`, or a turbofish/anything else that ends the path.
fn tree(
    toks: &[Token],
    mut k: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        match toks.get(k) {
            Some(Token::Word(w)) if w == "self" => {
                k += 1;
                break;
            }
            Some(Token::Word(w)) => {
                prefix.push(w.clone());
                k += 1;
            }
            Some(Token::Punct('{')) => return group(toks, k, &prefix, out),
            _ => break,
        }
        if toks.get(k) == Some(&Token::PathSep) && !toks.get(k + 1).is_some_and(|t| t.is('<')) {
            k += 1;
        } else {
            break;
        }
    }
    out.push(prefix);
    k
}

/// `{a, b::c, d::{e, f}, g as h, self, *}` opening at `open`, each member continuing `prefix`.
fn group(toks: &[Token], open: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let close = group_end(toks, open);
    let mut k = open + 1;
    while k < close - 1 {
        match &toks[k] {
            Token::Punct('*') => {
                out.push(prefix.to_vec());
                k += 1;
            }
            Token::Word(w) if w == "as" => k += 2,
            Token::Word(_) | Token::Punct('{') => k = tree(toks, k, prefix.to_vec(), out),
            _ => k += 1,
        }
    }
    close
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(text: &str, module: &[&str]) -> Vec<String> {
        let module: Vec<String> = module.iter().map(|s| s.to_string()).collect();
        scan(text, &module)
            .paths
            .iter()
            .map(|p| p.join("::"))
            .collect()
    }

    #[test]
    fn group_imports_yield_one_path_per_leaf_at_any_depth() {
        let text = "use crate::fight::{attack::Swing, numbers::{self, Numbers}, log as l, *};";
        assert_eq!(
            paths(text, &["rules", "bonus"]),
            [
                "fight::attack::Swing",
                "fight::numbers",
                "fight::numbers::Numbers",
                "fight::log",
                "fight",
            ]
        );
        let text = "use crate::{board::{Board, Pos}, model::Combatant};";
        assert_eq!(
            paths(text, &[]),
            ["board::Board", "board::Pos", "model::Combatant"]
        );
    }

    #[test]
    fn super_climbs_one_module_per_super() {
        let text = "use super::super::numbers::Swing;\nfn f() { super::cost(1); }";
        assert_eq!(
            paths(text, &["fight", "action", "attack"]),
            ["fight::numbers::Swing", "fight::action::cost"]
        );
        // In fight/mod.rs (module `fight`), `super` is the crate root.
        assert_eq!(
            paths("use super::tally::Tally;", &["fight"]),
            ["tally::Tally"]
        );
    }

    #[test]
    fn expression_paths_count_and_turbofish_ends_them() {
        let text = "let t = crate::tally::Tally::default(); let v = crate::de::parse::<u8>(x);";
        assert_eq!(
            paths(text, &["play"]),
            ["tally::Tally::default", "de::parse"]
        );
    }

    #[test]
    fn cfg_test_items_are_skipped_and_test_modules_recorded() {
        let text = r#"
            use crate::board::Pos;
            #[cfg(test)]
            mod tests {
                use crate::fight::Fight;
                fn f() { crate::fight::x(); }
            }
            #[cfg(test)]
            #[path = "x_tests.rs"]
            mod x_tests;
            #[cfg(test)]
            use crate::fight::y;
            fn g() { crate::size::Size::Tiny; }
        "#;
        let module = vec!["scenario".to_string()];
        let s = scan(text, &module);
        let found: Vec<String> = s.paths.iter().map(|p| p.join("::")).collect();
        assert_eq!(found, ["board::Pos", "size::Size::Tiny"]);
        assert_eq!(
            s.test_modules,
            [vec!["scenario".to_string(), "x_tests".to_string()]]
        );
    }

    #[test]
    fn paths_inside_strings_chars_and_comments_are_ignored() {
        let text = r####"
            let s = "use crate::fight::x;";
            let r = r#"crate::fight::y "quoted" "#;
            let b = b"crate::fight::z";
            let q = '"'; let e = '\''; let l: &'static str = "";
            // crate::fight::line
            /* crate::fight::block /* nested */ crate::fight::still */
            /// [`crate::fight::Doc`]
            use crate::rules::Stat;
        "####;
        assert_eq!(paths(text, &["scenario"]), ["rules::Stat"]);
        assert!(!mentions(text, "y") && mentions(text, "Stat"));
    }

    #[test]
    fn lifetimes_do_not_open_char_literals() {
        let text = "fn f<'a>(x: &'a str) -> &'a crate::board::Pos { 'outer: loop {} }";
        assert_eq!(paths(text, &["los"]), ["board::Pos"]);
    }

    #[test]
    fn inline_modules_shift_super_and_visibility_and_macros_do_not_count() {
        let text = r#"
            pub mod flag { use super::Group; }
            pub(in crate::fight) fn f() {}
            macro_rules! m { () => { $crate::fight::log::Sink } }
            use super::board::Pos;
        "#;
        assert_eq!(
            paths(text, &["rules", "condition"]),
            ["rules::condition::Group", "rules::board::Pos"]
        );
    }
}
