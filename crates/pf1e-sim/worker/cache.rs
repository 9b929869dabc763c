//! The worker's compiled scenarios, kept by content hash: the first shard of a job parses the
//! map and combatant texts and deploys the encounter (start squares and tactics included:
//! they are part of the hash); the job's later shards (and other jobs
//! of the same encounter) reuse it, so a shard costs only its fights. Bounded: the least
//! recently used scenario is dropped past [`CAPACITY`].

use std::sync::{Arc, Mutex};

use pf1e_engine::error::DataErrors;
use pf1e_engine::scenario::Scenario;
use pf1e_sweep::hash::ContentHash;

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
    use pf1e_engine::scenario::{FightOptions, Tactic};
    use pf1e_sweep::source::{Document, ScenarioSource, SideSource};

    use super::*;

    fn arena(round_cap: u32) -> ScenarioSource {
        let options = FightOptions {
            round_cap,
            simple_monster_death: false,
        };
        let map = Document::new(
            "sample_arena.yaml",
            include_str!("../../../data/maps/sample_arena.yaml"),
        );
        let mut source = ScenarioSource::new(map, options);
        let goblin = source.add_combatant(Document::new(
            "goblin.json",
            include_str!("../../../data/monsters/goblin.json"),
        ));
        let orc = source.add_combatant(Document::new(
            "orc.json",
            include_str!("../../../data/monsters/orc.json"),
        ));
        let side = |name: &str, members: Vec<usize>| SideSource {
            name: name.into(),
            members,
            tactic: Tactic::Default,
            start: None,
        };
        source.sides = vec![
            side("players", vec![goblin, goblin]),
            side("monsters", vec![orc]),
        ];
        source
    }

    #[test]
    fn a_scenario_is_compiled_once_per_content_hash_and_the_cache_is_bounded() {
        let cache = ScenarioCache::default();
        let compiles = std::cell::Cell::new(0);
        let get = |source: &ScenarioSource| {
            cache
                .get_or_compile(source.content_hash(), || {
                    compiles.set(compiles.get() + 1);
                    source.compile()
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
