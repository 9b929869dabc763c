//! The bounded store of terrain-only cost fields for big maps ([`MapCache::field_to`](crate::tables::MapCache::field_to)).
//! A field is a pure function of the map, its goal square and a footprint side, so which
//! fields are resident — who filled one first, which one was evicted — never changes a
//! result (determinism contract); it only changes what is computed again. The store holds
//! at most `capacity` fields and evicts the least recently asked one; an evicted field's
//! buffer is filled again for the next goal when no walk still reads it, so a full store
//! fills without allocating. Shared by the threads of a scenario behind one lock, taken once
//! per walk (not per step); a fill runs outside it.

use std::sync::{Arc, Mutex, MutexGuard};

/// One resident field, or a buffer waiting for one.
#[derive(Debug, Default)]
struct Slot {
    /// (footprint side − 1, goal square index) of the field held; `None`: free.
    key: Option<(u8, u32)>,
    /// The field (or, free, a buffer to fill again).
    field: Option<Arc<[u32]>>,
    /// The store's clock when it was last asked.
    used: u64,
    /// A thread is filling it: neither asked nor evicted until it is back.
    filling: bool,
}

#[derive(Debug)]
struct Inner {
    slots: Vec<Slot>,
    /// Per (side − 1, goal square): its slot + 1; 0 = not resident.
    index: Vec<u32>,
    clock: u64,
}

/// At most `capacity` terrain fields of one map, least recently asked evicted first.
#[derive(Debug)]
pub struct FieldStore {
    squares: usize,
    capacity: usize,
    inner: Mutex<Inner>,
}

/// What a miss hands the filler: the slot reserved for the field and a buffer to write it
/// into (a recycled one when the evicted field is no longer read).
pub struct Reserved {
    slot: usize,
    pub buffer: Option<Arc<[u32]>>,
}

impl FieldStore {
    /// A store for a map of `squares` squares holding at most `capacity` (≥ 1) fields.
    pub fn new(squares: usize, capacity: usize) -> Self {
        let capacity = capacity.max(1);
        FieldStore {
            squares,
            capacity,
            inner: Mutex::new(Inner {
                slots: Vec::new(),
                index: vec![0; 6 * squares],
                clock: 0,
            }),
        }
    }

    /// The most fields it holds at once.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Fields resident now.
    #[cfg(test)]
    pub fn resident(&self) -> usize {
        let inner = self.lock();
        inner.slots.iter().filter(|s| s.key.is_some()).count()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves consistent data (every write below is
        // complete before the next can fail), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn key_index(&self, side: usize, goal: usize) -> usize {
        (side - 1) * self.squares + goal
    }

    /// The field of footprint `side` (1–6) toward square `goal`, if resident; else a slot
    /// reserved for it (a free one, or the least recently asked field's, evicted).
    pub fn get_or_reserve(&self, side: usize, goal: usize) -> Result<Arc<[u32]>, Reserved> {
        let k = self.key_index(side, goal);
        let mut guard = self.lock();
        let inner = &mut *guard;
        inner.clock += 1;
        let clock = inner.clock;
        let at = inner.index[k];
        if at != 0 {
            let slot = &mut inner.slots[at as usize - 1];
            slot.used = clock;
            if let Some(field) = &slot.field {
                return Ok(Arc::clone(field));
            }
        }
        let slot = if inner.slots.len() < self.capacity {
            inner.slots.push(Slot::default());
            inner.slots.len() - 1
        } else {
            // A free slot first, else the least recently asked field; slots being filled
            // are skipped (every one is, at worst, when more threads than slots miss at once:
            // then a fresh one is pushed past the capacity, for as long as the fill runs).
            let victim = (inner.slots.iter().enumerate())
                .filter(|(_, s)| !s.filling)
                .min_by_key(|(_, s)| (s.key.is_some(), s.used));
            match victim {
                Some((v, _)) => v,
                None => {
                    inner.slots.push(Slot::default());
                    inner.slots.len() - 1
                }
            }
        };
        let s = &mut inner.slots[slot];
        if let Some((old_side, old_goal)) = s.key.take() {
            let old = usize::from(old_side) * self.squares + old_goal as usize;
            inner.index[old] = 0;
        }
        s.filling = true;
        // The evicted buffer is written again only when no walk still holds it.
        let buffer = s.field.take().filter(|f| Arc::strong_count(f) == 1);
        Err(Reserved { slot, buffer })
    }

    /// Stores `field` (side, goal) in the slot reserved for it and returns it; when another
    /// thread stored the same field meanwhile, that one is returned and this buffer is kept
    /// free for the next fill.
    pub fn put(
        &self,
        side: usize,
        goal: usize,
        reserved: Reserved,
        field: Arc<[u32]>,
    ) -> Arc<[u32]> {
        let k = self.key_index(side, goal);
        let mut guard = self.lock();
        let inner = &mut *guard;
        let at = inner.index[k];
        let stored = (at != 0)
            .then(|| inner.slots[at as usize - 1].field.clone())
            .flatten();
        let s = &mut inner.slots[reserved.slot];
        s.filling = false;
        if let Some(stored) = stored {
            s.field = Some(field);
            return stored;
        }
        s.key = Some(((side - 1) as u8, goal as u32));
        s.used = inner.clock;
        s.field = Some(Arc::clone(&field));
        inner.index[k] = reserved.slot as u32 + 1;
        field
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(store: &FieldStore, side: usize, goal: usize) -> Arc<[u32]> {
        match store.get_or_reserve(side, goal) {
            Ok(f) => f,
            Err(mut r) => {
                let mut buf = r
                    .buffer
                    .take()
                    .unwrap_or_else(|| (0..4).map(|_| 0).collect());
                Arc::get_mut(&mut buf).expect("unshared")[0] = (side * 1000 + goal) as u32;
                store.put(side, goal, r, buf)
            }
        }
    }

    #[test]
    fn it_holds_at_most_its_capacity_and_evicts_the_least_recently_asked() {
        let store = FieldStore::new(10, 3);
        for g in 0..3 {
            filled(&store, 1, g);
        }
        // Asking goal 0 again makes goal 1 the oldest: goal 3 evicts it.
        assert_eq!(filled(&store, 1, 0)[0], 1000);
        filled(&store, 1, 3);
        assert_eq!(store.resident(), 3);
        let resident = |g| store.get_or_reserve(1, g).is_ok();
        assert!(resident(0) && resident(2) && resident(3));
        let inner = store.lock();
        assert_eq!(inner.index[1], 0, "goal 1 was evicted");
    }

    #[test]
    fn a_field_still_read_is_not_written_again() {
        let store = FieldStore::new(10, 1);
        let held = filled(&store, 2, 5);
        let other = filled(&store, 2, 6);
        assert_eq!(
            held[0], 2005,
            "the evicted field a walk holds keeps its numbers"
        );
        assert_eq!(other[0], 2006);
        // Nothing holds goal 6's field once dropped: the next miss reuses its buffer.
        drop(other);
        match store.get_or_reserve(3, 1) {
            Err(r) => assert!(r.buffer.is_some()),
            Ok(_) => panic!("goal (3, 1) was never filled"),
        }
    }
}
