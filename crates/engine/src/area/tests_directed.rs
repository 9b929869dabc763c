//! Rule tests of cones and lines (« CRB — Magic — Aiming a Spell »): templates pinned as ASCII
//! straight and diagonal, the other directions held to the rotations of the pinned ones, the
//! caster's corner and squares, line of effect, barriers and cracks.
//!
//! On the CRB's cone figures: the diagonal 15-ft cone is 6 squares in rows of 3, 2 and 1, as
//! here (one quadrant of the 15-ft burst). The CRB draws the straight 15-ft cone as 7 squares
//! (2, 3, 2) centred on the middle of the caster's square, which no grid intersection can
//! start; following the text (« It starts from any corner of your square »), a straight cone
//! here starts at an intersection and covers 8 squares (2, 4, 2). The 30-ft cones start at
//! a corner of the caster's square in the CRB figure too: 24 squares diagonal, 28 straight.

use crate::ascii_board::AsciiBoard;
use crate::board::{Board, Pos};
use crate::los::segment_crosses;
use crate::size::Size;

use super::tests::{area_on, assert_drawn, feet, open, p};
use super::*;

/// The point `(row, col)`.
fn at(row: u16, col: u16) -> impl FnOnce(&AsciiBoard) -> Origin {
    move |_| Origin::Point(Intersection::new(row, col))
}

fn toward(row: u16, col: u16) -> Option<Aim> {
    Some(Aim::Point(Intersection::new(row, col)))
}

/// The caster marked `c`, Medium.
fn caster(board: &AsciiBoard) -> Origin {
    Origin::Creature {
        anchor: board.find('c'),
        size: Size::Medium,
    }
}

#[test]
fn cone_of_15_ft_straight_covers_8_squares_in_rows_of_2_4_2() {
    let art = open(5, 7);
    let cone = area_on(&art, feet(Shape::Cone, 15), at(4, 3), toward(0, 3));
    assert_drawn(
        &art,
        &cone,
        "
        .......
        ..xx...
        .xxxx..
        ..xx...
        .......
        ",
    );
}

#[test]
fn cone_of_15_ft_diagonal_covers_6_squares_in_rows_of_3_2_1() {
    let art = open(5, 7);
    let cone = area_on(&art, feet(Shape::Cone, 15), at(4, 3), toward(0, 7));
    assert_drawn(
        &art,
        &cone,
        "
        .......
        ...x...
        ...xx..
        ...xxx.
        .......
        ",
    );
}

#[test]
fn cones_of_30_ft_straight_and_diagonal() {
    let art = open(7, 12);
    let straight = area_on(&art, feet(Shape::Cone, 30), at(6, 6), toward(0, 6));
    assert_eq!(straight.len(), 28);
    assert_drawn(
        &art,
        &straight,
        "
        .....xx.....
        ...xxxxxx...
        ..xxxxxxxx..
        ...xxxxxx...
        ....xxxx....
        .....xx.....
        ............
        ",
    );
    let diagonal = area_on(&art, feet(Shape::Cone, 30), at(6, 6), toward(0, 12));
    assert_eq!(diagonal.len(), 24);
    assert_drawn(
        &art,
        &diagonal,
        "
        ......x.....
        ......xxx...
        ......xxxx..
        ......xxxxx.
        ......xxxxx.
        ......xxxxxx
        ............
        ",
    );
}

#[test]
fn cone_of_60_ft_straight() {
    let art = open(12, 24);
    let cone = area_on(&art, feet(Shape::Cone, 60), at(12, 12), toward(0, 12));
    assert_eq!(cone.len(), 104);
    assert_drawn(
        &art,
        &cone,
        "
        ...........xx...........
        .........xxxxxx.........
        .......xxxxxxxxxx.......
        .....xxxxxxxxxxxxxx.....
        ....xxxxxxxxxxxxxxxx....
        .....xxxxxxxxxxxxxx.....
        ......xxxxxxxxxxxx......
        .......xxxxxxxxxx.......
        ........xxxxxxxx........
        .........xxxxxx.........
        ..........xxxx..........
        ...........xx...........
        ",
    );
}

/// Side of the open board of the symmetry tests; its centre is intersection (13, 13).
const SIDE: u16 = 26;

/// Square `at` turned a quarter clockwise about the board's centre.
fn turn(at: Pos) -> Pos {
    p(at.col, SIDE - 1 - at.row)
}

/// Square `at` mirrored across the board's vertical centre line.
fn mirror(at: Pos) -> Pos {
    p(at.row, SIDE - 1 - at.col)
}

/// The squares of a cone of `ft` feet from the centre toward `(row, col)`.
fn cone_squares(board: &AsciiBoard, ft: u32, aim: (u16, u16)) -> Vec<Pos> {
    let mut area = AreaSquares::for_board(board);
    let centre = Origin::Point(Intersection::new(SIDE / 2, SIDE / 2));
    covered(
        board,
        feet(Shape::Cone, ft),
        centre,
        toward(aim.0, aim.1),
        &mut area,
    );
    area.squares().to_vec()
}

fn sorted(squares: impl Iterator<Item = Pos>) -> Vec<Pos> {
    let mut squares: Vec<Pos> = squares.collect();
    squares.sort();
    squares
}

#[test]
fn cones_in_the_eight_directions_are_turns_and_mirrors_of_one_another() {
    let board = AsciiBoard::parse(&open(SIDE.into(), SIDE.into()));
    let (lo, mid, hi) = (0, SIDE / 2, SIDE);
    // Clockwise from north: each aim is the previous one turned a quarter.
    let straight = [(lo, mid), (mid, hi), (hi, mid), (mid, lo)];
    let diagonal = [(lo, hi), (hi, hi), (hi, lo), (lo, lo)];
    for ft in [15, 30, 60] {
        for aims in [straight, diagonal] {
            for pair in [0, 1, 2, 3].map(|i| (aims[i], aims[(i + 1) % 4])) {
                let turned = sorted(cone_squares(&board, ft, pair.0).into_iter().map(turn));
                assert_eq!(turned, cone_squares(&board, ft, pair.1), "{ft} ft {pair:?}");
            }
        }
        // The north cone is its own mirror image; the north-east one mirrors the north-west.
        let north = cone_squares(&board, ft, straight[0]);
        assert_eq!(sorted(north.iter().copied().map(mirror)), north, "{ft} ft");
        let north_east = cone_squares(&board, ft, diagonal[0]);
        let mirrored = sorted(north_east.into_iter().map(mirror));
        assert_eq!(mirrored, cone_squares(&board, ft, diagonal[3]), "{ft} ft");
    }
}

#[test]
fn diagonal_cone_is_one_quadrant_of_the_burst() {
    let board = AsciiBoard::parse(&open(SIDE.into(), SIDE.into()));
    let mut burst = AreaSquares::new();
    let centre = Origin::Point(Intersection::new(SIDE / 2, SIDE / 2));
    for ft in [15, 30, 60] {
        covered(&board, feet(Shape::Burst, ft), centre, None, &mut burst);
        let quadrant: Vec<Pos> = burst
            .squares()
            .iter()
            .copied()
            .filter(|at| at.row < SIDE / 2 && at.col >= SIDE / 2)
            .collect();
        assert_eq!(cone_squares(&board, ft, (0, SIDE)), quadrant, "{ft} ft");
    }
}

#[test]
fn cone_starts_at_the_caster_corner_facing_the_aim_and_spares_the_caster() {
    let art = "
        .......
        .......
        ..c....
        .......
    ";
    // Aimed east along the top edge of c's row: the top-right corner faces the aim.
    let cone = area_on(art, feet(Shape::Cone, 15), caster, toward(2, 7));
    assert_eq!(cone.origin(), Some(Origin::Point(Intersection::new(2, 3))));
    assert_drawn(
        art,
        &cone,
        "
        ....x..
        ...xxx.
        ..cxxx.
        ....x..
        ",
    );
    // Aimed at a square straight ahead: both eastern corners are as near; the upper one
    // starts the cone, which leans a little toward the aimed square's centre.
    let cone = area_on(
        art,
        feet(Shape::Cone, 15),
        caster,
        Some(Aim::Square(p(2, 6))),
    );
    assert_eq!(cone.origin(), Some(Origin::Point(Intersection::new(2, 3))));
    assert!(cone.contains(p(2, 5)) && !cone.contains(p(2, 2)));
    // Aimed west-south-west: the bottom-left corner; (2, 0) lies exactly 45° off the aim.
    let cone = area_on(art, feet(Shape::Cone, 15), caster, toward(4, 0));
    assert_eq!(cone.origin(), Some(Origin::Point(Intersection::new(3, 2))));
    assert_eq!(cone.squares(), [p(2, 0), p(3, 0), p(3, 1)]);
}

#[test]
fn cone_from_a_large_caster_never_covers_its_squares() {
    let board = AsciiBoard::parse(&open(12, 12));
    let ogre = (p(5, 5), Size::Large);
    let origin = Origin::Creature {
        anchor: ogre.0,
        size: ogre.1,
    };
    let mut area = AreaSquares::new();
    for row in (0..=12).step_by(3) {
        for col in (0..=12).step_by(3) {
            let aim = Aim::Point(Intersection::new(row, col));
            covered(&board, feet(Shape::Cone, 30), origin, Some(aim), &mut area);
            assert!(!area.caught(ogre.0, ogre.1), "toward ({row}, {col})");
            assert!(!area.is_empty() || (5..=7).contains(&row) && (5..=7).contains(&col));
        }
    }
}

#[test]
fn cone_without_a_direction_covers_nothing() {
    let art = "
        ...
        .c.
        ...
    ";
    for aim in [None, Some(Aim::Square(p(1, 1))), toward(1, 2), toward(2, 2)] {
        let cone = area_on(art, feet(Shape::Cone, 30), caster, aim);
        assert!(cone.is_empty() && cone.origin().is_none(), "{aim:?}");
    }
    let cone = area_on(art, feet(Shape::Cone, 30), at(1, 1), toward(1, 1));
    assert!(cone.is_empty());
}

#[test]
fn cone_reaches_only_squares_in_line_of_effect_from_its_corner() {
    let art = "
        .......
        .......
        ...##..
        .......
    ";
    // North from the middle of the bottom edge: the wall and the seam between its two
    // squares hide the four squares behind them; the cone reaches past both ends.
    let cone = area_on(art, feet(Shape::Cone, 20), at(4, 4), toward(0, 4));
    assert_drawn(
        art,
        &cone,
        "
        .......
        .xx..xx
        ..x##x.
        ...xx..
        ",
    );
}

#[test]
fn line_of_60_ft_straight_covers_twelve_squares_of_the_row() {
    let art = "
        ................
        c...............
        ................
    ";
    let line = area_on(
        art,
        feet(Shape::Line, 60),
        caster,
        Some(Aim::Square(p(1, 15))),
    );
    assert_drawn(
        art,
        &line,
        "
        ................
        cxxxxxxxxxxxx...
        ................
        ",
    );
}

#[test]
fn line_of_60_ft_diagonal_covers_eight_squares() {
    let art = open(11, 11);
    let line = area_on(
        &art,
        feet(Shape::Line, 60),
        at(0, 0),
        Some(Aim::Square(p(10, 10))),
    );
    assert_eq!(line.squares(), (0..8).map(|k| p(k, k)).collect::<Vec<_>>());
    // The same from a caster in the corner: its own square is skipped, its far corner starts.
    let art = format!("c{}", &art[1..]);
    let line = area_on(
        &art,
        feet(Shape::Line, 60),
        caster,
        Some(Aim::Square(p(10, 10))),
    );
    assert_eq!(line.squares(), (1..9).map(|k| p(k, k)).collect::<Vec<_>>());
}

#[test]
fn line_stops_at_the_first_barrier() {
    let art = "
        ..........
        c.....#...
        ..........
    ";
    let line = area_on(
        art,
        feet(Shape::Line, 60),
        caster,
        Some(Aim::Square(p(1, 9))),
    );
    assert_drawn(
        art,
        &line,
        "
        ..........
        cxxxxx#...
        ..........
        ",
    );
}

#[test]
fn line_stops_at_a_crack_between_diagonal_barriers() {
    let art = "
        ......
        .#....
        ..#...
        ......
    ";
    // North-east from (4, 0): (3, 0), (2, 1), then the crack between the two walls.
    let line = area_on(art, feet(Shape::Line, 30), at(4, 0), toward(0, 4));
    assert_eq!(line.squares(), [p(2, 1), p(3, 0)]);
    let gap = "
        ......
        ......
        ..#...
        ......
    ";
    let line = area_on(gap, feet(Shape::Line, 30), at(4, 0), toward(0, 4));
    assert_eq!(line.squares(), [p(0, 3), p(1, 2), p(2, 1), p(3, 0)]);
}

#[test]
fn line_from_a_corner_inside_a_crack_covers_nothing() {
    let art = "
        .#.
        .c#
        ...
    ";
    // The caster's top-right corner sits between two walls: aimed north-east through it, the
    // line never leaves the wall; aimed south-west from the opposite corner it is free.
    let line = area_on(art, feet(Shape::Line, 30), at(1, 2), toward(0, 3));
    assert!(line.is_empty());
    let line = area_on(
        art,
        feet(Shape::Line, 30),
        caster,
        Some(Aim::Square(p(2, 0))),
    );
    assert_eq!(line.squares(), [p(2, 0)]);
}

#[test]
fn line_along_a_grid_line_takes_the_squares_on_its_right() {
    let art = open(4, 6);
    let east = area_on(&art, feet(Shape::Line, 15), at(2, 1), toward(2, 6));
    assert_eq!(east.squares(), [p(2, 1), p(2, 2), p(2, 3)]);
    let west = area_on(&art, feet(Shape::Line, 15), at(2, 5), toward(2, 0));
    assert_eq!(west.squares(), [p(1, 2), p(1, 3), p(1, 4)]);
    let north = area_on(&art, feet(Shape::Line, 15), at(4, 2), toward(0, 2));
    assert_eq!(north.squares(), [p(1, 2), p(2, 2), p(3, 2)]);
    let south = area_on(&art, feet(Shape::Line, 15), at(0, 2), toward(4, 2));
    assert_eq!(south.squares(), [p(0, 1), p(1, 1), p(2, 1)]);
}

#[test]
fn line_walk_matches_the_crossing_rule_of_los() {
    let board = AsciiBoard::parse(&open(21, 21));
    let start = Intersection::new(10, 10);
    let mut area = AreaSquares::new();
    for (row, col) in [
        (0, 13),
        (3, 20),
        (17, 19),
        (21, 4),
        (12, 0),
        (0, 0),
        (9, 21),
    ] {
        let aim = Aim::Point(Intersection::new(row, col));
        covered(
            &board,
            feet(Shape::Line, 40),
            Origin::Point(start),
            Some(aim),
            &mut area,
        );
        // The segment from the start far past the length along the same heading.
        let (dx, dy) = (i32::from(col) - 10, i32::from(row) - 10);
        let far = (10 + 8 * dx, 10 + 8 * dy);
        let expected: Vec<Pos> = (0..board.len())
            .map(|index| board.pos_of(index))
            .filter(|&at| segment_crosses((10, 10), far, at))
            .filter(|&at| reach((10, 10), i32::from(at.row), i32::from(at.col)) <= 8)
            .collect();
        assert_eq!(area.squares(), expected, "toward ({row}, {col})");
    }
}
