//! Encounter building (the reference spec, « Règles de construction d'une rencontre »): sides
//! named on the command line are matched to the map's deployment, each side fills the squares
//! of its zone in (row, col) order, and combatant ids are made unique across the whole
//! encounter in deployment order (goblin, goblin-2, goblin-3).
//!
//! Placement rule: a combatant takes the first square of its zone, in (row, col) order, that
//! can anchor its footprint (« CRB — Space »: Large 2×2 from the anchor down and right): every
//! footprint square on the map, passable and not taken. Impassable squares painted in a zone
//! (the sample arena's pillars) are skipped. A zone with no such square left is an error.

use crate::board::{Board, Pos};
use crate::de::closest;
use crate::error::{DataError, DataErrors, Problems};
use crate::map::Map;
use crate::size::Size;

/// One side as the user gave it: its name and its members (display name, size) in order.
#[derive(Clone, Debug)]
pub struct SideRequest<'a> {
    pub name: &'a str,
    pub members: Vec<(&'a str, Size)>,
}

/// Where one member starts the fight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index of the side in the map's deployment order.
    pub side: usize,
    /// Index of the member in its side's request.
    pub member: usize,
    /// Encounter-wide unique id (`goblin`, `goblin-2`…).
    pub id: String,
    /// Top-left square of the footprint.
    pub anchor: Pos,
}

/// Places every side; `map_file` names the map in errors. Returns placements in deployment
/// order (sides as the map lists them, members as given).
pub fn deploy(
    map: &Map,
    map_file: &str,
    sides: &[SideRequest],
) -> Result<Vec<Placement>, DataErrors> {
    deploy_at(map, map_file, sides, &[])
}

/// [`deploy`], except that side `sides[i]` starts on `start[i]` when it is `Some` instead of
/// its zone (the sweeps' `placements` axis): its members take the first of those squares, in
/// the order given, that can anchor their footprint (same rule as a zone). A missing entry of
/// `start` (shorter slice) means the zone.
pub fn deploy_at(
    map: &Map,
    map_file: &str,
    sides: &[SideRequest],
    start: &[Option<&[Pos]>],
) -> Result<Vec<Placement>, DataErrors> {
    let mut problems = Problems::new(map_file);
    if map.deployment().is_empty() {
        problems.add(
            "deployment",
            "the map has no deployment: add zones and a deployment section to place sides",
        );
        return Err(problems.into_errors());
    }
    let names: Vec<&str> = map.deployment().iter().map(|(s, _)| s.as_str()).collect();
    for (i, side) in sides.iter().enumerate() {
        if !names.contains(&side.name) {
            let hint = closest(side.name, names.iter().copied()).unwrap_or_default();
            problems.add(
                "deployment",
                format!(
                    "side `{}` is not in the map's deployment (sides: {}; did you mean `{hint}`?)",
                    side.name,
                    names.join(", ")
                ),
            );
        } else if sides[..i].iter().any(|s| s.name == side.name) {
            problems.add("deployment", format!("side `{}` is given twice", side.name));
        } else if side.members.is_empty() {
            problems.add(
                crate::de::field_key("deployment", side.name),
                "the side has no combatants",
            );
        }
    }
    for name in &names {
        if !sides.iter().any(|s| s.name == *name) {
            problems.add(
                crate::de::field_key("deployment", name),
                format!("side `{name}` of the deployment has no combatants: give it with --side {name} FILE..."),
            );
        }
    }
    if !problems.is_empty() {
        return Err(problems.into_errors());
    }

    let mut taken = vec![false; map.len()];
    let mut used_ids: Vec<String> = Vec::new();
    let mut placements = Vec::new();
    for (side_index, (side_name, letter)) in map.deployment().iter().enumerate() {
        let request = sides
            .iter()
            .position(|s| s.name == side_name)
            .expect("checked above");
        let side = &sides[request];
        let given = start.get(request).copied().flatten();
        let zone: Vec<Pos> = match given {
            Some(squares) => squares.to_vec(),
            None => map.zone_squares(*letter).collect(),
        };
        for (member, &(name, size)) in side.members.iter().enumerate() {
            let Some(anchor) = zone.iter().copied().find(|&p| fits(map, &taken, p, size)) else {
                let what = match given {
                    Some(_) => "the starting squares given are".to_string(),
                    None => format!("zone '{letter}' is"),
                };
                return Err(DataError::new(
                    map_file,
                    crate::de::field_key("deployment", side_name),
                    format!(
                        "{what} too small for side `{side_name}`: no room left for {name} ({} of {}, {size})",
                        member + 1,
                        side.members.len()
                    ),
                )
                .into());
            };
            for p in size.squares(anchor) {
                taken[map.index(p)] = true;
            }
            let id = unique_id(&slug(name), &used_ids);
            used_ids.push(id.clone());
            placements.push(Placement {
                side: side_index,
                member,
                id,
                anchor,
            });
        }
    }
    Ok(placements)
}

fn fits(map: &Map, taken: &[bool], anchor: Pos, size: Size) -> bool {
    size.squares(anchor)
        .all(|p| map.contains(p) && map.passable(p) && !taken[map.index(p)])
}

/// Lower-case id from a display name: letters and digits kept, anything else becomes `_`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_matches('_').to_string();
    if out.is_empty() {
        "combatant".to_string()
    } else {
        out
    }
}

/// `base`, or `base-2`, `base-3`… — the first not already used.
fn unique_id(base: &str, used: &[String]) -> String {
    if !used.iter().any(|u| u == base) {
        return base.to_string();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|candidate| !used.contains(candidate))
        .expect("an unused suffix exists")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_map;

    fn arena() -> Map {
        parse_map(
            "arena.yaml",
            include_str!("../../../data/maps/sample_arena.yaml"),
        )
        .unwrap()
    }

    fn side<'a>(name: &'a str, members: &[(&'a str, Size)]) -> SideRequest<'a> {
        SideRequest {
            name,
            members: members.to_vec(),
        }
    }

    const GOBLIN: (&str, Size) = ("Goblin", Size::Small);
    const ORC: (&str, Size) = ("Orc", Size::Medium);

    #[test]
    fn sides_fill_their_zone_in_row_column_order_skipping_pillars() {
        let map = arena();
        let sides = [
            side("monsters", &[ORC, ORC]),
            side("players", &[GOBLIN, GOBLIN, GOBLIN, GOBLIN]),
        ];
        let placed = deploy(&map, "arena.yaml", &sides).unwrap();
        let got: Vec<(usize, &str, Pos)> = placed
            .iter()
            .map(|p| (p.side, p.id.as_str(), p.anchor))
            .collect();
        assert_eq!(
            got,
            [
                (0, "goblin", Pos::new(1, 1)),
                (0, "goblin-2", Pos::new(1, 2)),
                (0, "goblin-3", Pos::new(1, 3)),
                (0, "goblin-4", Pos::new(1, 4)),
                (1, "orc", Pos::new(1, 15)),
                (1, "orc-2", Pos::new(1, 16)),
            ]
        );
        // Row 2 of zone A holds the pillar (2,3): the 7th goblin skips it.
        let seven = side("players", &[GOBLIN; 7]);
        let placed = deploy(&map, "arena.yaml", &[seven, side("monsters", &[ORC])]).unwrap();
        assert_eq!(placed[4].anchor, Pos::new(2, 1));
        assert_eq!(placed[6].anchor, Pos::new(2, 4));
    }

    #[test]
    fn ids_are_unique_across_sides_in_deployment_order() {
        let map = arena();
        let sides = [
            side("players", &[GOBLIN, ORC]),
            side("monsters", &[GOBLIN, ("Dire Rat", Size::Small)]),
        ];
        let ids: Vec<String> = deploy(&map, "arena.yaml", &sides)
            .unwrap()
            .into_iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(ids, ["goblin", "orc", "goblin-2", "dire_rat"]);
    }

    #[test]
    fn a_zone_too_small_is_an_error() {
        let map = arena();
        let sides = [side("players", &[GOBLIN; 8]), side("monsters", &[ORC])];
        let e = deploy(&map, "arena.yaml", &sides).unwrap_err();
        assert_eq!(e.0[0].field, "deployment.players");
        assert_eq!(
            e.0[0].message,
            "zone 'A' is too small for side `players`: no room left for Goblin (8 of 8, Small)"
        );
    }

    #[test]
    fn a_large_creature_needs_two_by_two_free_squares() {
        let map = arena();
        let sides = [
            side("players", &[GOBLIN]),
            side("monsters", &[("Ogre", Size::Large), ORC]),
        ];
        let placed = deploy(&map, "arena.yaml", &sides).unwrap();
        // (1,15) and (1,16) would cover the pillar (2,16): the ogre anchors at (1,17).
        assert_eq!(placed[1].anchor, Pos::new(1, 17));
        assert_eq!(placed[2].anchor, Pos::new(1, 15));
    }

    #[test]
    fn every_deployment_side_is_required_and_unknown_sides_are_named() {
        let map = arena();
        let e = deploy(&map, "arena.yaml", &[side("players", &[GOBLIN])]).unwrap_err();
        assert_eq!(e.0[0].field, "deployment.monsters");
        assert!(
            e.0[0]
                .message
                .starts_with("side `monsters` of the deployment has no combatants")
        );
        let e = deploy(
            &map,
            "arena.yaml",
            &[side("players", &[GOBLIN]), side("monstres", &[ORC])],
        )
        .unwrap_err();
        assert_eq!(
            e.0[0].message,
            "side `monstres` is not in the map's deployment (sides: players, monsters; did you mean `monsters`?)"
        );
    }

    #[test]
    fn a_side_can_start_on_given_squares_in_their_order() {
        let map = arena();
        let sides = [side("players", &[GOBLIN, GOBLIN]), side("monsters", &[ORC])];
        // The pillar (2,3) and the wall (0,0) are skipped; squares are taken in the given order.
        let given = [
            Pos::new(0, 0),
            Pos::new(2, 3),
            Pos::new(5, 8),
            Pos::new(4, 8),
        ];
        let placed = deploy_at(&map, "arena.yaml", &sides, &[Some(&given), None]).unwrap();
        let anchors: Vec<Pos> = placed.iter().map(|p| p.anchor).collect();
        assert_eq!(anchors, [Pos::new(5, 8), Pos::new(4, 8), Pos::new(1, 15)]);
        // Without a start the zone is used, exactly as `deploy` does.
        assert_eq!(
            deploy_at(&map, "arena.yaml", &sides, &[]).unwrap(),
            deploy(&map, "arena.yaml", &sides).unwrap()
        );
        let e = deploy_at(&map, "arena.yaml", &sides, &[Some(&given[2..3])]).unwrap_err();
        assert_eq!(e.0[0].field, "deployment.players");
        assert_eq!(
            e.0[0].message,
            "the starting squares given are too small for side `players`: no room left for Goblin (2 of 2, Small)"
        );
    }

    #[test]
    fn slugs_are_readable() {
        assert_eq!(slug("Goblin"), "goblin");
        assert_eq!(slug("  Dire Rat (advanced) "), "dire_rat_advanced");
        assert_eq!(slug("Élan"), "élan");
        assert_eq!(slug("!!"), "combatant");
        assert_eq!(
            unique_id("goblin", &["goblin".into(), "goblin-2".into()]),
            "goblin-3"
        );
    }
}
