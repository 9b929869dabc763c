//! Rule tests of bursts, emanations, cylinders and spreads (« CRB — Magic — Aiming a Spell »),
//! with the expected templates drawn as ASCII: `x` a covered square, a marker letter in upper
//! case when its square is covered, anything else as drawn. Also the shared drawing helpers.

use crate::ascii_board::AsciiBoard;
use crate::board::Pos;
use crate::size::Size;

use super::*;

pub(super) fn p(row: u16, col: u16) -> Pos {
    Pos::new(row, col)
}

/// A template of `ft` feet on 5-ft squares.
pub(super) fn feet(shape: Shape, ft: u32) -> Template {
    Template::from_feet(shape, ft, 5)
}

/// The rows of a drawing, without indentation or blank lines.
fn art_rows(art: &str) -> Vec<&str> {
    art.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect()
}

/// `art` with the area drawn over it (see the module header).
pub(super) fn drawn(art: &str, area: &AreaSquares) -> String {
    let square = |row: usize, col: usize, ch: char| {
        if !area.contains(p(row as u16, col as u16)) {
            ch
        } else if ch.is_ascii_lowercase() {
            ch.to_ascii_uppercase()
        } else {
            'x'
        }
    };
    let lines: Vec<String> = art_rows(art)
        .into_iter()
        .enumerate()
        .map(|(row, line)| {
            line.chars()
                .enumerate()
                .map(|(col, ch)| square(row, col, ch))
                .collect()
        })
        .collect();
    lines.join("\n")
}

/// The area of `template` from `origin` toward `aim` on the board drawn as `art`.
pub(super) fn area_on(
    art: &str,
    template: Template,
    origin: impl FnOnce(&AsciiBoard) -> Origin,
    aim: Option<Aim>,
) -> AreaSquares {
    let board = AsciiBoard::parse(art);
    let mut area = AreaSquares::new();
    covered(&board, template, origin(&board), aim, &mut area);
    area
}

/// Asserts that the area drawn over `art` is `expected`.
pub(super) fn assert_drawn(art: &str, area: &AreaSquares, expected: &str) {
    let expected = art_rows(expected).join("\n");
    let got = drawn(art, area);
    assert_eq!(got, expected, "\ngot:\n{got}\nexpected:\n{expected}\n");
}

/// The top-left corner of the square marked `ch`.
pub(super) fn corner_of(ch: char) -> impl FnOnce(&AsciiBoard) -> Origin {
    move |board| Origin::Point(Intersection::corner_of(board.find(ch)))
}

/// An open board of `rows` × `cols` floor squares, drawn.
pub(super) fn open(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("\n")
}

/// A 10 × 10 open board with the marker `o` at (5, 5): its top-left corner is the centre.
const FIELD: &str = "
    ..........
    ..........
    ..........
    ..........
    ..........
    .....o....
    ..........
    ..........
    ..........
    ..........
";

#[test]
fn burst_of_20_ft_covers_44_squares_in_rows_of_4_3_3_1() {
    let area = area_on(FIELD, feet(Shape::Burst, 20), corner_of('o'), None);
    assert_eq!(area.len(), 44);
    assert_drawn(
        FIELD,
        &area,
        "
        ..........
        ....xx....
        ..xxxxxx..
        ..xxxxxx..
        .xxxxxxxx.
        .xxxxOxxx.
        ..xxxxxx..
        ..xxxxxx..
        ....xx....
        ..........
        ",
    );
}

#[test]
fn bursts_of_5_and_10_ft_count_from_intersection_to_intersection() {
    let five = area_on(FIELD, feet(Shape::Burst, 5), corner_of('o'), None);
    assert_drawn(
        FIELD,
        &five,
        "
        ..........
        ..........
        ..........
        ..........
        ....xx....
        ....xO....
        ..........
        ..........
        ..........
        ..........
        ",
    );
    let ten = area_on(FIELD, feet(Shape::Burst, 10), corner_of('o'), None);
    assert_drawn(
        FIELD,
        &ten,
        "
        ..........
        ..........
        ..........
        ....xx....
        ...xxxx...
        ...xxOx...
        ....xx....
        ..........
        ..........
        ..........
        ",
    );
}

#[test]
fn emanation_covers_the_squares_of_the_burst() {
    for ft in [5, 10, 20, 30] {
        let burst = area_on(FIELD, feet(Shape::Burst, ft), corner_of('o'), None);
        let emanation = area_on(FIELD, feet(Shape::Emanation, ft), corner_of('o'), None);
        assert_eq!(burst.squares(), emanation.squares(), "{ft} ft");
    }
}

/// A wall west of the origin, open past its north end.
const WALL: &str = "
    ..........
    ..........
    ....#.....
    ....#.....
    ....#o....
    ....#.....
    ....#.....
    ..........
";

#[test]
fn burst_stops_at_a_wall_and_spread_turns_its_corner() {
    // 25 ft from the top-left corner of o: the burst reaches along the wall's face but never
    // behind it; the spread walks around both ends (2 squares north, 3 south) and back down.
    let burst = area_on(WALL, feet(Shape::Burst, 25), corner_of('o'), None);
    assert_drawn(
        WALL,
        &burst,
        "
        ....xxxx..
        ....xxxxx.
        ....#xxxx.
        ....#xxxxx
        ....#Oxxxx
        ....#xxxx.
        ....#xxxx.
        ....xxxx..
        ",
    );
    let spread = area_on(WALL, feet(Shape::Spread, 25), corner_of('o'), None);
    assert_drawn(
        WALL,
        &spread,
        "
        ...xxxxx..
        ..xxxxxxx.
        ..xx#xxxx.
        ...x#xxxxx
        ....#Oxxxx
        ....#xxxx.
        ...x#xxxx.
        ...xxxxx..
        ",
    );
}

#[test]
fn spread_counts_the_long_way_around_a_wall() {
    let room = "
        .........
        .........
        .#######.
        ....o....
    ";
    let spread = area_on(room, feet(Shape::Spread, 30), corner_of('o'), None);
    // Around either end of the wall and back along its far side: 30 ft reach three squares
    // past the west end (15 ft away) and two past the east end (20 ft away).
    assert_drawn(
        room,
        &spread,
        "
        xx.......
        xxx....xx
        x#######x
        xxxxOxxxx
        ",
    );
    let burst = area_on(room, feet(Shape::Burst, 30), corner_of('o'), None);
    assert!(!burst.contains(p(0, 4)) && !burst.contains(p(0, 0)));
}

#[test]
fn spread_on_open_ground_covers_the_burst() {
    let board = AsciiBoard::parse(&open(16, 16));
    let (mut burst, mut spread) = (AreaSquares::new(), AreaSquares::new());
    let origins = [
        Origin::Point(Intersection::new(8, 8)),
        Origin::Point(Intersection::new(0, 3)),
        Origin::Creature {
            anchor: p(7, 7),
            size: Size::Medium,
        },
        Origin::Creature {
            anchor: p(6, 5),
            size: Size::Huge,
        },
    ];
    for origin in origins {
        for ft in [0, 5, 10, 15, 20, 30] {
            covered(&board, feet(Shape::Burst, ft), origin, None, &mut burst);
            covered(&board, feet(Shape::Spread, ft), origin, None, &mut spread);
            assert_eq!(burst.squares(), spread.squares(), "{origin:?} {ft} ft");
        }
    }
}

#[test]
fn spread_never_slips_through_the_cracks_of_a_diagonal_wall() {
    let sealed = "
        ..#....
        .#.....
        #......
        ...o...
    ";
    let spread = area_on(sealed, feet(Shape::Spread, 60), corner_of('o'), None);
    assert_drawn(
        sealed,
        &spread,
        "
        ..#xxxx
        .#xxxxx
        #xxxxxx
        xxxOxxx
        ",
    );
    let gap = "
        ..#....
        .......
        #......
        ...o...
    ";
    let spread = area_on(gap, feet(Shape::Spread, 60), corner_of('o'), None);
    assert!(spread.contains(p(0, 0)) && spread.contains(p(1, 0)));
}

#[test]
fn cylinder_ignores_obstructions_within_its_area() {
    let cylinder = area_on(WALL, feet(Shape::Cylinder, 15), corner_of('o'), None);
    assert_drawn(
        WALL,
        &cylinder,
        "
        ..........
        ....xx....
        ...x#xx...
        ..xx#xxx..
        ..xx#Oxx..
        ...x#xx...
        ....#x....
        ..........
        ",
    );
}

#[test]
fn burst_centred_on_a_medium_creature_is_symmetric_about_it() {
    let board = AsciiBoard::parse(&open(15, 15));
    let me = Origin::Creature {
        anchor: p(7, 7),
        size: Size::Medium,
    };
    let mut area = AreaSquares::new();
    covered(&board, feet(Shape::Burst, 30), me, None, &mut area);
    assert_eq!(area.len(), 121);
    assert!(area.caught(p(7, 7), Size::Medium), "the creature is inside");
    for &at in area.squares() {
        let (r, c) = (at.row, at.col);
        for image in [p(c, 14 - r), p(14 - r, 14 - c), p(14 - c, r), p(r, 14 - c)] {
            assert!(area.contains(image), "{at} has no image {image}");
        }
    }
    // Thirty feet: six squares straight, four diagonals (5 + 10 + 5 + 10 = 30 ft).
    assert!(area.contains(p(1, 7)) && !area.contains(p(0, 7)));
    assert!(area.contains(p(3, 3)) && !area.contains(p(2, 2)));
}

#[test]
fn burst_centred_on_a_large_creature_counts_from_its_footprint() {
    let board = AsciiBoard::parse(&open(8, 8));
    let ogre = Origin::Creature {
        anchor: p(3, 3),
        size: Size::Large,
    };
    let mut area = AreaSquares::new();
    covered(&board, feet(Shape::Burst, 10), ogre, None, &mut area);
    let art = open(8, 8);
    assert_drawn(
        &art,
        &area,
        "
        ........
        ..xxxx..
        .xxxxxx.
        .xxxxxx.
        .xxxxxx.
        .xxxxxx.
        ..xxxx..
        ........
        ",
    );
}

#[test]
fn a_large_creature_partly_inside_is_caught() {
    let area = area_on(FIELD, feet(Shape::Burst, 10), corner_of('o'), None);
    // North-east of the origin the 10-ft burst holds (3, 5), (4, 5) and (4, 6).
    assert!(area.caught(p(2, 5), Size::Large), "only (3, 5) is inside");
    assert!(area.caught(p(3, 6), Size::Large), "only (4, 6) is inside");
    assert!(!area.caught(p(2, 6), Size::Large));
    assert!(!area.caught(p(1, 5), Size::Large));
    assert!(!area.caught(p(9, 9), Size::Large), "partly off the board");
}

#[test]
fn a_wall_cuts_the_burst_and_what_stands_behind_it() {
    let board = "
        .......
        ..###..
        .......
        ...o...
    ";
    // From the top-left corner of o: west of the wall the far corners are within 20 ft; east
    // of it (0, 5) is within 20 ft but hidden, (0, 6) and (1, 6) are 25 ft away.
    let burst = area_on(board, feet(Shape::Burst, 20), corner_of('o'), None);
    assert_drawn(
        board,
        &burst,
        "
        xx.....
        xx###x.
        xxxxxxx
        xxxOxxx
        ",
    );
    assert!(!burst.caught(p(0, 3), Size::Medium));
    assert!(burst.caught(p(0, 0), Size::Medium));
}

#[test]
fn scratch_is_reused_across_boards_and_shapes_without_leftovers() {
    let big = AsciiBoard::parse(&open(12, 12));
    let small = AsciiBoard::parse(&open(3, 3));
    let centre = Origin::Point(Intersection::new(6, 6));
    let mut area = AreaSquares::for_board(&big);
    covered(&big, feet(Shape::Spread, 20), centre, None, &mut area);
    let first = area.squares().to_vec();
    covered(&small, feet(Shape::Burst, 5), centre, None, &mut area);
    assert!(area.is_empty(), "the point lies off the small board");
    covered(
        &small,
        feet(Shape::Spread, 5),
        Origin::Point(Intersection::new(1, 1)),
        None,
        &mut area,
    );
    assert_eq!(area.squares(), [p(0, 0), p(0, 1), p(1, 0), p(1, 1)]);
    covered(&big, feet(Shape::Spread, 20), centre, None, &mut area);
    assert_eq!(area.squares(), first);
    assert_eq!(area.origin(), Some(centre));
}

#[test]
fn template_sizes_convert_from_feet() {
    assert_eq!(feet(Shape::Burst, 20).squares, 4);
    assert_eq!(Template::from_feet(Shape::Cone, 15, 10).squares, 1);
}
