//! A coordinator's job on the coordinator's side of the wire: the scenario as it travels
//! (file texts read here, once, then sent inline — workers never see a path they could
//! open), and the local fallback that plays the shards no worker could.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Context as _;
use pf1e_engine::play::run_range;
use pf1e_engine::rng::Seed;
use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;

use super::scheduler::Sink;
use crate::cli::RunArgs;
use crate::load::read_text;
use crate::rpc::{ShardId, pb};

/// The wire scenario of `args`: the map, each distinct combatant file once (first-use order),
/// the sides as indices into them, and the fight options — labelled with the paths exactly as
/// `pf1e-sim run` labels them, so a worker compiles the very scenario `run` would.
pub fn wire_scenario(args: &RunArgs) -> anyhow::Result<pb::Scenario> {
    let document = |path: &PathBuf| -> anyhow::Result<pb::Document> {
        let text = read_text(path).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(pb::Document {
            label: path.display().to_string(),
            text,
        })
    };
    let map = document(&args.map)?;
    let mut paths: Vec<&PathBuf> = Vec::new();
    let mut combatants = Vec::new();
    let mut sides = Vec::new();
    for side in &args.sides.sides {
        let mut members = Vec::with_capacity(side.files.len());
        for path in &side.files {
            let index = match paths.iter().position(|p| *p == path) {
                Some(i) => i,
                None => {
                    paths.push(path);
                    combatants.push(document(path)?);
                    paths.len() - 1
                }
            };
            members.push(u32::try_from(index).context("too many combatant files")?);
        }
        sides.push(pb::Side {
            name: side.name.clone(),
            members,
            ..Default::default()
        });
    }
    Ok(pb::Scenario {
        map: Some(map),
        combatants,
        sides,
        options: Some(pb::FightOptions {
            round_cap: args.round_cap,
            simple_monster_death: args.simple_monster_death,
        }),
    })
}

/// Plays `missing` shards on `threads` local threads, handing each shard's tally to `sink` on
/// this thread as it completes (so the journal records local shards too).
pub fn run_locally(
    scenario: &Scenario,
    seed: u64,
    missing: &[(ShardId, Range<u64>)],
    threads: usize,
    sink: &mut dyn Sink,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Tally)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, missing.len().max(1)) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((_, runs)) = missing.get(i) else {
                        break;
                    };
                    let tally = run_range(scenario, Seed(seed), runs.clone());
                    if tx.send((i, tally)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, tally) in rx {
            let (shard, runs) = &missing[i];
            if let Err(e) = sink.merged(*shard, runs.clone(), &tally) {
                // Stop the threads: they see the closed channel after their current shard.
                next.store(missing.len(), Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })
}
