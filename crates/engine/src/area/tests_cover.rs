//! Rule tests of cover against an area (« CRB — Cover »: « Cover and Reflex Saves ») and of the
//! candidate points of origin a casting policy scores.

use crate::ascii_board::AsciiBoard;
use crate::board::Pos;
use crate::los::{Cover, cover_from_point, line_of_effect_from_point};
use crate::size::Size;

use super::tests::{area_on, corner_of, feet, p};
use super::*;

/// The cover of the Medium creature at `at` against an area from `origin`, with its bonus.
fn cover_at(board: &AsciiBoard, origin: Origin, at: Pos) -> (Cover, i32) {
    (
        reflex_cover(board, origin, at, Size::Medium),
        reflex_cover_bonus(board, origin, at, Size::Medium),
    )
}

/// The Medium creature on the marker `ch`, as an origin.
fn creature(board: &AsciiBoard, ch: char) -> Origin {
    Origin::Creature {
        anchor: board.find(ch),
        size: Size::Medium,
    }
}

/// The cover from the top-left corner of `o` of the Medium creature on `t`.
fn cover_of_t(art: &str) -> (Cover, i32) {
    let board = AsciiBoard::parse(art);
    let origin = Origin::Point(Intersection::corner_of(board.find('o')));
    cover_at(&board, origin, board.find('t'))
}

/// A caster `c` and a target `t` with a pillar between them, over an open row.
const PILLAR: &str = "
    c.C.t
    .....
";

#[test]
fn cover_behind_a_pillar_adds_half_its_ac_bonus_to_reflex_saves() {
    for (obstacle, cover, bonus) in [
        ('.', Cover::None, 0),
        ('W', Cover::Partial, 1),
        ('C', Cover::Standard, 2),
        ('I', Cover::Improved, 4),
    ] {
        let art = format!("o.{obstacle}.t");
        assert_eq!(cover_of_t(&art), (cover, bonus), "{art}");
    }
}

#[test]
fn a_wall_grazed_gives_standard_cover_and_a_wall_between_total() {
    let grazed = "
        .....
        o.#.t
        .....
    ";
    assert_eq!(cover_of_t(grazed), (Cover::Standard, 2));
    let cut = "
        ..#..
        o.#.t
        ..#..
    ";
    assert_eq!(cover_of_t(cut), (Cover::Total, 0));
}

#[test]
fn a_caught_creature_behind_a_pillar_saves_with_cover() {
    let art = "
        .......
        ...C...
        ...o...
        .......
        t......
    ";
    let board = AsciiBoard::parse(art);
    let fireball = area_on(art, feet(Shape::Burst, 20), corner_of('o'), None);
    let origin = fireball.origin().expect("a burst has its origin");
    // Beyond the pillar, straight north of the origin: caught, with standard cover.
    assert!(fireball.caught(p(0, 3), Size::Medium));
    assert_eq!(cover_at(&board, origin, p(0, 3)), (Cover::Standard, 2));
    // Clear of it, south-west.
    assert!(fireball.caught(board.find('t'), Size::Medium));
    assert_eq!(cover_at(&board, origin, board.find('t')), (Cover::None, 0));
}

#[test]
fn cover_from_a_creature_centred_area_uses_its_best_corner() {
    let board = AsciiBoard::parse(PILLAR);
    let cleric = creature(&board, 'c');
    // Every corner of c has a line through the pillar: standard cover.
    assert_eq!(cover_at(&board, cleric, board.find('t')).0, Cover::Standard);
    // Its bottom-right corner clears the pillar toward a target one row down.
    assert_eq!(cover_at(&board, cleric, p(1, 4)).0, Cover::None);
    assert_eq!(cover_at(&board, cleric, board.find('c')).0, Cover::None);
}

#[test]
fn cone_cover_is_measured_from_the_corner_it_starts_at() {
    let board = AsciiBoard::parse(PILLAR);
    let mut cone = AreaSquares::new();
    let aim = Some(Aim::Square(board.find('t')));
    covered(
        &board,
        feet(Shape::Cone, 30),
        creature(&board, 'c'),
        aim,
        &mut cone,
    );
    assert_eq!(cone.origin(), Some(Origin::Point(Intersection::new(0, 1))));
    let origin = cone.origin().expect("aimed");
    assert!(cone.caught(board.find('t'), Size::Medium));
    assert_eq!(
        cover_at(&board, origin, board.find('t')),
        (Cover::Standard, 2)
    );
}

#[test]
fn a_cylinder_catches_a_creature_behind_a_wall_without_cover_bonus() {
    let art = "
        ..#..
        o.#.t
        ..#..
    ";
    let board = AsciiBoard::parse(art);
    let flame_strike = area_on(art, feet(Shape::Cylinder, 25), corner_of('o'), None);
    let origin = flame_strike.origin().expect("a cylinder has its origin");
    let t = board.find('t');
    assert!(flame_strike.caught(t, Size::Medium));
    assert_eq!(cover_at(&board, origin, t), (Cover::Total, 0));
    let burst = area_on(art, feet(Shape::Burst, 25), corner_of('o'), None);
    assert!(!burst.caught(t, Size::Medium));
}

#[test]
fn a_point_on_a_crack_is_inside_the_wall() {
    let board = AsciiBoard::parse(
        "
        #.
        .#
        ",
    );
    let crack = (1, 1);
    assert!(!line_of_effect_from_point(
        &board,
        crack,
        p(0, 1),
        Size::Medium
    ));
    assert_eq!(
        cover_from_point(&board, crack, p(1, 0), Size::Medium),
        Cover::Total
    );
    let mut area = AreaSquares::new();
    let point = Origin::Point(Intersection::new(1, 1));
    covered(&board, feet(Shape::Burst, 10), point, None, &mut area);
    assert!(area.is_empty());
    covered(&board, feet(Shape::Spread, 10), point, None, &mut area);
    assert!(area.is_empty());
}

#[test]
fn a_point_at_a_corner_of_the_map_speaks_into_it() {
    let board = AsciiBoard::parse(
        "
        ...
        ...
        ",
    );
    assert!(line_of_effect_from_point(
        &board,
        (0, 0),
        p(1, 2),
        Size::Medium
    ));
    assert_eq!(
        cover_from_point(&board, (3, 2), p(0, 0), Size::Medium),
        Cover::None
    );
    let mut area = AreaSquares::new();
    for shape in [Shape::Burst, Shape::Spread] {
        covered(
            &board,
            feet(shape, 10),
            Origin::Point(Intersection::new(0, 0)),
            None,
            &mut area,
        );
        assert_eq!(area.squares(), [p(0, 0), p(0, 1), p(1, 0)], "{shape:?}");
    }
}

#[test]
fn burst_candidates_are_the_corners_of_the_targets_squares() {
    let board = AsciiBoard::parse(
        "
        ....
        ....
        ....
        ",
    );
    let mut points = Vec::new();
    let targets = [
        (p(0, 0), Size::Medium),
        (p(0, 1), Size::Medium),
        (p(1, 2), Size::Large),
    ];
    burst_candidates(&board, targets, &mut points);
    let expected = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 2),
        (3, 3),
        (3, 4),
    ]
    .map(|(row, col)| Intersection::new(row, col));
    assert_eq!(points, expected);
    // Each candidate catches the creature it is a corner of with a 5-ft burst.
    let mut area = AreaSquares::new();
    for &(anchor, size) in &targets {
        let corner = Origin::Point(Intersection::corner_of(anchor));
        covered(&board, feet(Shape::Burst, 5), corner, None, &mut area);
        assert!(area.caught(anchor, size));
    }
    burst_candidates(&board, [], &mut points);
    assert!(points.is_empty());
}
