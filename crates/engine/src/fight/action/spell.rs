//! The words of a cast action (« CRB — Magic — Casting Spells »): what a spell is aimed at
//! ([`CastTarget`]) and the metamagic feats applied to one casting ([`Metamagics`], « CRB —
//! Metamagic Feats »). Vocabulary only, `Copy` and small so that [`super::Action`] stays both;
//! what a target or a feat does is the casting code's (`fight::cast`).

use crate::area::Intersection;
use crate::rules::effect::Metamagic;

use super::super::id::UnitId;

/// What a spell is cast at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastTarget {
    /// A creature: the target of a targeted spell, the centre of an area « centered on a
    /// creature », the direction of a cone or line.
    Unit(UnitId),
    /// A grid intersection: the point of origin of a point-origin area, the direction of a cone
    /// or line, the destination of a teleport (the square whose top-left corner it is).
    Point(Intersection),
    /// No target: personal spells, areas centred on the caster, spells with no target.
    Caster,
}

/// One metamagic feat a caster may apply to a casting (the modelled ones; « CRB — Metamagic
/// Feats »).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MetamagicKind {
    /// +2 levels: variable numeric effects ×1.5.
    Empower,
    /// +3 levels: variable numeric effects at their maximum.
    Maximize,
    /// +1 level: duration doubled.
    Extend,
    /// +4 levels: a swift action (a spell of a standard action or less).
    Quicken,
    /// +1 level: no verbal component.
    Silent,
    /// +1 level: no somatic component.
    Still,
    /// Cast at a higher level: here the highest level of a free slot (DC and level effects).
    Heighten,
}

impl MetamagicKind {
    pub const ALL: [MetamagicKind; 7] = [
        MetamagicKind::Empower,
        MetamagicKind::Maximize,
        MetamagicKind::Extend,
        MetamagicKind::Quicken,
        MetamagicKind::Silent,
        MetamagicKind::Still,
        MetamagicKind::Heighten,
    ];

    /// Spell levels the feat adds to the slot (Heighten's rise is chosen per cast: 0 here).
    pub const fn levels(self) -> u8 {
        match self {
            MetamagicKind::Empower => 2,
            MetamagicKind::Maximize => 3,
            MetamagicKind::Quicken => 4,
            MetamagicKind::Extend | MetamagicKind::Silent | MetamagicKind::Still => 1,
            MetamagicKind::Heighten => 0,
        }
    }

    /// The adjective of a metamagic spell (« maximized »), for logs.
    pub const fn adjective(self) -> &'static str {
        match self {
            MetamagicKind::Empower => "empowered",
            MetamagicKind::Maximize => "maximized",
            MetamagicKind::Extend => "extended",
            MetamagicKind::Quicken => "quickened",
            MetamagicKind::Silent => "silent",
            MetamagicKind::Still => "stilled",
            MetamagicKind::Heighten => "heightened",
        }
    }
}

/// A set of [`MetamagicKind`]s, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Metamagics(u8);

impl Metamagics {
    pub const NONE: Metamagics = Metamagics(0);

    pub const fn with(self, kind: MetamagicKind) -> Metamagics {
        Metamagics(self.0 | 1 << kind as u8)
    }

    pub const fn has(self, kind: MetamagicKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every feat of `self` is in `other`.
    pub const fn within(self, other: Metamagics) -> bool {
        self.0 & !other.0 == 0
    }

    /// The members, in [`MetamagicKind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = MetamagicKind> {
        MetamagicKind::ALL.into_iter().filter(move |k| self.has(*k))
    }

    /// Spell levels the fixed-cost feats add to the slot (Heighten excluded).
    pub fn levels(self) -> u8 {
        self.iter().map(MetamagicKind::levels).sum()
    }

    /// What the feats change in a roll and a duration (`rules::effect`).
    pub const fn numbers(self) -> Metamagic {
        Metamagic {
            maximize: self.has(MetamagicKind::Maximize),
            empower: self.has(MetamagicKind::Empower),
            extend: self.has(MetamagicKind::Extend),
        }
    }
}

impl FromIterator<MetamagicKind> for Metamagics {
    fn from_iter<I: IntoIterator<Item = MetamagicKind>>(iter: I) -> Self {
        iter.into_iter().fold(Metamagics::NONE, Metamagics::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// « CRB — Metamagic Feats »: Empower +2, Maximize +3, Extend +1, Quicken +4, Silent and
    /// Still +1.
    #[test]
    fn metamagic_levels_add_up() {
        let set: Metamagics = [MetamagicKind::Maximize, MetamagicKind::Extend]
            .into_iter()
            .collect();
        assert_eq!(set.levels(), 4);
        assert!(set.has(MetamagicKind::Extend) && !set.has(MetamagicKind::Empower));
        assert!(set.numbers().maximize && set.numbers().extend && !set.numbers().empower);
        let all: Metamagics = MetamagicKind::ALL.into_iter().collect();
        assert!(set.within(all) && !all.within(set));
        assert_eq!(all.levels(), 2 + 3 + 1 + 4 + 1 + 1);
    }
}
