//! The worker's compiled scenarios, kept by content hash: the first shard of a job parses the
//! map and combatant texts and deploys the encounter (start squares and tactics included:
//! they are part of the hash); the job's later shards (and other jobs
//! of the same encounter) reuse it, so a shard costs only its fights. Bounded: the least
//! recently used scenario is dropped past [`CAPACITY`].

use std::sync::{Arc, Mutex};

use pf1e_engine::error::DataErrors;
use pf1e_engine::scenario::Scenario;

use crate::rpc::ContentHash;

/// Compiled scenarios kept at most.
pub const CAPACITY: usize = 8;

/// Most recently used last.
#[derive(Default)]
pub struct ScenarioCache {
    entries: Mutex<Vec<(ContentHash, Arc<Scenario>)>>,
}

impl ScenarioCache {
    /// The scenario of `hash`, compiled by `compile` if it is not kept. Compiling happens
    /// outside the lock (two shards arriving together may both compile; one copy is kept).
    pub fn get_or_compile(
        &self,
        hash: ContentHash,
        compile: impl FnOnce() -> Result<Scenario, DataErrors>,
    ) -> Result<Arc<Scenario>, DataErrors> {
        if let Some(found) = self.touch(hash) {
            return Ok(found);
        }
        let scenario = Arc::new(compile()?);
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(i) = entries.iter().position(|(h, _)| *h == hash) {
            return Ok(entries[i].1.clone());
        }
        if entries.len() >= CAPACITY {
            entries.remove(0);
        }
        entries.push((hash, scenario.clone()));
        Ok(scenario)
    }

    fn touch(&self, hash: ContentHash) -> Option<Arc<Scenario>> {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let i = entries.iter().position(|(h, _)| *h == hash)?;
        let entry = entries.remove(i);
        let found = entry.1.clone();
        entries.push(entry);
        Some(found)
    }

    /// Number of scenarios kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rpc::convert::{compile_scenario, scenario_hash};
    use crate::rpc::pb;

    fn arena(round_cap: u32) -> pb::Scenario {
        let doc = |label: &str, text: &str| pb::Document {
            label: label.into(),
            text: text.into(),
        };
        pb::Scenario {
            map: Some(doc(
                "sample_arena.yaml",
                include_str!("../../../data/maps/sample_arena.yaml"),
            )),
            combatants: vec![
                doc(
                    "goblin.json",
                    include_str!("../../../data/monsters/goblin.json"),
                ),
                doc("orc.json", include_str!("../../../data/monsters/orc.json")),
            ],
            sides: vec![
                pb::Side {
                    name: "players".into(),
                    members: vec![0, 0],
                    ..Default::default()
                },
                pb::Side {
                    name: "monsters".into(),
                    members: vec![1],
                    ..Default::default()
                },
            ],
            options: Some(pb::FightOptions {
                round_cap,
                simple_monster_death: false,
            }),
        }
    }

    #[test]
    fn a_scenario_is_compiled_once_per_content_hash_and_the_cache_is_bounded() {
        let cache = ScenarioCache::default();
        let compiles = std::cell::Cell::new(0);
        let get = |wire: &pb::Scenario| {
            cache
                .get_or_compile(scenario_hash(wire), || {
                    compiles.set(compiles.get() + 1);
                    compile_scenario(wire)
                })
                .unwrap()
        };
        let a = get(&arena(100));
        let b = get(&arena(100));
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(compiles.get(), 1);
        for cap in 1..=(CAPACITY as u32 + 2) {
            get(&arena(cap));
        }
        assert_eq!(cache.len(), CAPACITY);
        assert_eq!(a.units().len(), 3);
    }
}
