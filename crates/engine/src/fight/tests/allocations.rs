//! « Speed at scale »: no allocation in the turn loop. The engine's unit tests run under a
//! counting allocator (per thread, so tests running beside each other do not mix); a fight
//! object replayed for a batch allocates nothing once its scratch has grown to the
//! scenario's needs — the reused buffers, the lazily filled per-map tables and the memos
//! are warmed by the first fights, and the later ones must not touch the heap at all, but to
//! fill the terrain field of a goal square no earlier fight walked to (a per-scenario table
//! entry, and the growth of the fill's scratch: `tables::filling`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use crate::fight::{Fight, NoLog, Scratch, prepare};
use crate::model::parse_combatant;
use crate::policy::SidePolicies;
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::scenario::{FightOptions, Scenario};

use super::support::{quick_start, scenario_with};

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting this thread's allocations and reallocations.
struct Counting;

// SAFETY: every call is forwarded unchanged to `System`; the counter and the fill flag it
// reads (`tables::filling`) are thread-local `Cell`s with const initialisers and no
// destructor, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Counts one allocation of this thread, unless it fills a terrain field.
fn count() {
    if !crate::tables::filling() {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
    }
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Allocations made by fights `warm..warm + counted` of `s`, played one after the other on one
/// fight object after fights `0..warm` (seed 1), but for the fills of terrain-only fields
/// (a goal square no earlier fight walked to: a table entry, allocated once per scenario).
fn allocations_after_warm_up(s: &Scenario, warm: u64, counted: u64) -> u64 {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    let mut scratch = Scratch::default();
    let mut play = |run: u64| {
        let mut dice = SeededDice::for_run(Seed(1), RunIndex(run));
        fight.play(&mut SidePolicies, &mut scratch, &mut dice, &mut NoLog);
    };
    (0..warm).for_each(&mut play);
    let before = allocations();
    (warm..warm + counted).for_each(&mut play);
    allocations() - before
}

fn monster(name: &str, json: &str) -> crate::model::Combatant {
    parse_combatant(name, json).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_quick_start_allocates_nothing_once_warm() {
    assert_eq!(allocations_after_warm_up(&quick_start(), 2000, 2000), 0);
}

/// The sample arena with `players` against `monsters`, each a data file (name, JSON).
fn arena_fight(players: &[(&str, &str)], monsters: &[(&str, &str)]) -> Scenario {
    let arena = crate::map::parse_map(
        "arena",
        include_str!("../../../../../data/maps/sample_arena.yaml"),
    )
    .unwrap();
    let side = |files: &[(&str, &str)]| files.iter().map(|(n, j)| monster(n, j)).collect();
    scenario_with(
        arena,
        vec![("players", side(players)), ("monsters", side(monsters))],
        FightOptions::default(),
    )
}

#[test]
fn a_party_against_a_large_ogre_allocates_nothing_once_warm() {
    let s = arena_fight(
        &[
            (
                "torvald",
                include_str!("../../../../../data/pcs/torvald.json"),
            ),
            ("sera", include_str!("../../../../../data/pcs/sera.json")),
            ("quill", include_str!("../../../../../data/pcs/quill.json")),
            ("rowan", include_str!("../../../../../data/pcs/rowan.json")),
        ],
        &[(
            "ogre",
            include_str!("../../../../../data/monsters/ogre.json"),
        )],
    );
    assert_eq!(allocations_after_warm_up(&s, 1000, 1000), 0);
}

#[test]
fn a_troll_with_its_specials_allocates_nothing_once_warm() {
    let s = arena_fight(
        &[
            (
                "brakka",
                include_str!("../../../../../data/pcs/brakka.json"),
            ),
            (
                "aldric",
                include_str!("../../../../../data/pcs/aldric.json"),
            ),
            ("liora", include_str!("../../../../../data/pcs/liora.json")),
            ("dalca", include_str!("../../../../../data/pcs/dalca.json")),
        ],
        &[(
            "troll",
            include_str!("../../../../../data/monsters/troll.json"),
        )],
    );
    assert_eq!(allocations_after_warm_up(&s, 1000, 1000), 0);
}
