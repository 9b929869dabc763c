//! [`EffectFile`] → [`Directed`]: reads one effect's `kind`, takes the fields that kind uses
//! (required ones reported when missing), reports every other field given as not applying to
//! that kind, and resolves the effect's duration (its own, or its spell's). Part of the spell
//! validator ([`super::validate`]); applies no rule.

use std::mem::take;

use super::file::{AmountFile, EffectFile};
use super::validate::Checker;
use crate::rules::effect::{
    Amount, CreatureSlot, Directed, Duration, Effect, EffectKind, Energy, Recipient, TempHpSource,
    Trigger,
};
use crate::rules::{BonusType, Condition, Descriptor, Stat, When};
use crate::vocab::{Ability, DamageCategory, DamageType, DamageTypes, Vocabulary};

impl Checker<'_> {
    /// The effects of `list` (`effects` or `on_save`); `lasting` is the spell's duration,
    /// which effects that last inherit.
    pub(super) fn effects(
        &mut self,
        field: &str,
        list: Vec<EffectFile>,
        lasting: Duration,
    ) -> Vec<Directed> {
        let out: Vec<Directed> = (list.into_iter().enumerate())
            .filter_map(|(i, e)| self.effect(&format!("{field}[{i}]"), e, lasting))
            .collect();
        let deals_damage = out.iter().any(|d| d.effect.kind() == EffectKind::Damage);
        for (i, d) in out.iter().enumerate() {
            if let Effect::TempHp {
                source: TempHpSource::DamageDealt,
                ..
            } = d.effect
                && !deals_damage
            {
                self.p.add(
                    format!("{field}[{i}].from_damage"),
                    "temporary hit points from damage need a `damage` effect in the same list",
                );
            }
        }
        out
    }

    fn effect(&mut self, at: &str, mut e: EffectFile, lasting: Duration) -> Option<Directed> {
        let kind = self.vocab::<EffectKind>(&format!("{at}.kind"), &e.kind)?;
        let to = match e.to.take() {
            Some(to) => self.vocab::<Recipient>(&format!("{at}.to"), &to),
            None => Some(Recipient::Target),
        };
        let mut f = Fields {
            c: self,
            at,
            kind,
            e: &mut e,
            lasting,
        };
        let effect = f.build();
        self.not_for(at, kind, &e);
        Some(Directed {
            to: to?,
            effect: effect?,
        })
    }

    /// Every field still present was not taken by `kind`'s builder: it does not apply.
    fn not_for(&mut self, at: &str, kind: EffectKind, e: &EffectFile) {
        let present = [
            ("amount", e.amount.is_some()),
            ("types", e.types.is_some()),
            ("energy", e.energy.is_some()),
            ("from_damage", e.from_damage.is_some()),
            ("condition", e.condition.is_some()),
            ("duration", e.duration.is_some()),
            ("save_ends", e.save_ends.is_some()),
            ("stat", e.stat.is_some()),
            ("type", e.bonus_type.is_some()),
            ("when", e.when.is_some()),
            ("ability", e.ability.is_some()),
            ("rounds", e.rounds.is_some()),
            ("creature", e.creature.is_some()),
            ("count", e.count.is_some()),
            ("crit_range", e.crit_range.is_some()),
            ("crit_mult", e.crit_mult.is_some()),
            ("max_bonus", e.max_bonus.is_some()),
            ("against", e.against.is_some()),
            ("max_level", e.max_level.is_some()),
        ];
        for (name, _) in present.iter().filter(|(_, p)| *p) {
            self.p.add(
                format!("{at}.{name}"),
                format!("`{name}` does not apply to a `{kind}` effect"),
            );
        }
    }
}

/// One effect being read: each builder takes its fields out of `e`.
struct Fields<'c, 'p, 'e> {
    c: &'c mut Checker<'p>,
    at: &'e str,
    kind: EffectKind,
    e: &'e mut EffectFile,
    lasting: Duration,
}

impl Fields<'_, '_, '_> {
    /// Builds the effect of `kind`. Each builder reads every field of its kind before giving
    /// up on any, so each problem is reported and no field is left behind as « not applying ».
    fn build(&mut self) -> Option<Effect> {
        use EffectKind as K;
        Some(match self.kind {
            K::Damage => {
                let (amount, types) = (self.amount(), self.types());
                Effect::Damage {
                    amount: amount?,
                    types: types?,
                }
            }
            K::Heal => {
                let amount = self.amount();
                let energy = self.word::<Energy>("energy", |e| take(&mut e.energy));
                Effect::Heal {
                    amount: amount?,
                    energy: energy?,
                }
            }
            K::TempHp => {
                let (source, duration) = (self.temp_hp(), self.duration());
                Effect::TempHp {
                    source: source?,
                    duration,
                }
            }
            K::Condition => self.condition_effect()?,
            K::RemoveCondition => Effect::RemoveCondition {
                condition: self.condition()?,
            },
            K::Modifier => self.modifier()?,
            K::AbilityPenalty => self.ability_penalty()?,
            K::NegativeLevels => {
                let (amount, duration) = (self.counted_amount(), self.duration());
                Effect::NegativeLevels {
                    amount: amount?,
                    duration,
                }
            }
            K::MirrorImages => {
                let (amount, duration) = (self.counted_amount(), self.duration());
                Effect::MirrorImages {
                    amount: amount?,
                    duration,
                }
            }
            K::ExtraAttack => Effect::ExtraAttack {
                duration: self.duration(),
            },
            K::Slay => Effect::Slay,
            K::Stabilize => Effect::Stabilize,
            K::ResumeDying => Effect::ResumeDying,
            K::RecurringDamage => {
                let (amount, types, rounds) = (self.amount(), self.types(), self.rounds());
                Effect::RecurringDamage {
                    amount: amount?,
                    types: types?,
                    rounds: rounds?,
                }
            }
            K::Summon => self.summon()?,
            K::SpellWeapon => self.spell_weapon()?,
            K::Dispel => Effect::Dispel {
                max_bonus: take(&mut self.e.max_bonus)
                    .map(|cap| self.c.int(&self.field("max_bonus"), cap, 1, 40) as u8),
            },
            K::Teleport => Effect::Teleport,
            K::Sanctuary => Effect::Sanctuary {
                duration: self.duration(),
            },
            K::Retaliate => self.retaliate()?,
            K::SpellImmunity => {
                let level = take(&mut self.e.max_level);
                let (level, duration) = (self.required("max_level", level), self.duration());
                Effect::SpellImmunity {
                    max_level: self.c.int(&self.field("max_level"), level?, 0, 9) as u8,
                    duration,
                }
            }
            K::SeeInvisible => Effect::SeeInvisible {
                duration: self.duration(),
            },
        })
    }

    fn condition_effect(&mut self) -> Option<Effect> {
        let condition = self.condition();
        let save_ends = take(&mut self.e.save_ends).unwrap_or(false);
        let duration = self.duration();
        Some(Effect::Condition {
            condition: condition?,
            save_ends,
            duration,
        })
    }

    fn ability_penalty(&mut self) -> Option<Effect> {
        let ability = self.word::<Ability>("ability", |e| take(&mut e.ability));
        let (amount, duration) = (self.counted_amount(), self.duration());
        Some(Effect::AbilityPenalty {
            ability: ability?,
            amount: amount?,
            duration,
        })
    }

    fn spell_weapon(&mut self) -> Option<Effect> {
        let (amount, types) = (self.amount(), self.types());
        let crit_range = self.number("crit_range", 20, 2, 20, |e| take(&mut e.crit_range));
        let crit_mult = self.number("crit_mult", 2, 2, 6, |e| take(&mut e.crit_mult));
        let duration = self.duration();
        Some(Effect::SpellWeapon {
            amount: amount?,
            types: types?,
            crit_range,
            crit_mult,
            duration,
        })
    }

    fn retaliate(&mut self) -> Option<Effect> {
        let (amount, types) = (self.amount(), self.types());
        let against = self.word::<Trigger>("against", |e| take(&mut e.against));
        let duration = self.duration();
        Some(Effect::Retaliate {
            amount: amount?,
            types: types?,
            against: against?,
            duration,
        })
    }

    fn field(&self, name: &str) -> String {
        format!("{}.{name}", self.at)
    }

    /// `Some(value)`, or a problem naming the missing field.
    fn required<T>(&mut self, name: &str, value: Option<T>) -> Option<T> {
        if value.is_none() {
            let kind = self.kind;
            self.c.p.add(
                self.field(name),
                format!("missing: a `{kind}` effect needs `{name}`"),
            );
        }
        value
    }

    fn word<T: Vocabulary>(
        &mut self,
        name: &str,
        pick: impl FnOnce(&mut EffectFile) -> Option<String>,
    ) -> Option<T> {
        let text = pick(self.e);
        let text = self.required(name, text)?;
        self.c.vocab::<T>(&self.field(name), &text)
    }

    /// The `amount`, which may be negative (a penalty).
    fn amount(&mut self) -> Option<Amount> {
        let a = take(&mut self.e.amount);
        let a = self.required("amount", a)?;
        Some(self.c.amount(&self.field("amount"), a, false))
    }

    /// The `amount` when it counts something (images, negative levels, a penalty's size).
    fn counted_amount(&mut self) -> Option<Amount> {
        let a = take(&mut self.e.amount);
        self.counted("amount", a)
    }

    /// The extra `rounds` of a recurring effect.
    fn rounds(&mut self) -> Option<Amount> {
        let a = take(&mut self.e.rounds);
        self.counted("rounds", a)
    }

    /// A required amount that can't be negative.
    fn counted(&mut self, name: &str, a: Option<AmountFile>) -> Option<Amount> {
        let a = self.required(name, a)?;
        Some(self.c.amount(&self.field(name), a, true))
    }

    /// An optional integer of `lo..=hi`, `default` when absent.
    fn number(
        &mut self,
        name: &str,
        default: i64,
        lo: i64,
        hi: i64,
        pick: impl FnOnce(&mut EffectFile) -> Option<i64>,
    ) -> u8 {
        let value = pick(self.e).unwrap_or(default);
        self.c.int(&self.field(name), value, lo, hi) as u8
    }

    fn condition(&mut self) -> Option<Condition> {
        self.word::<Condition>("condition", |e| take(&mut e.condition))
    }

    /// The effect's own duration, or the spell's; an effect that lasts can't be instantaneous.
    fn duration(&mut self) -> Duration {
        let field = self.field("duration");
        let duration = match take(&mut self.e.duration) {
            Some(d) => self.c.duration(&field, d),
            None => self.lasting,
        };
        if !duration.lasts() {
            let kind = self.kind;
            self.c.p.add(
                field,
                format!(
                    "`{kind}` effects last: give this one a `duration` (the spell's is instantaneous; `permanent` if it lasts until healed or removed)"
                ),
            );
        }
        duration
    }

    /// `amount`, or `"from_damage": true` — one of them.
    fn temp_hp(&mut self) -> Option<TempHpSource> {
        let from_damage = take(&mut self.e.from_damage).unwrap_or(false);
        match (take(&mut self.e.amount), from_damage) {
            (Some(a), false) => Some(TempHpSource::Amount(self.c.amount(
                &self.field("amount"),
                a,
                true,
            ))),
            (None, true) => Some(TempHpSource::DamageDealt),
            (Some(_), true) => {
                self.c.p.add(
                    self.field("from_damage"),
                    "give either `amount` or \"from_damage\": true, not both",
                );
                None
            }
            (None, false) => {
                self.c.p.add(
                    self.field("amount"),
                    "missing: a `temp_hp` effect needs `amount` or \"from_damage\": true",
                );
                None
            }
        }
    }

    fn modifier(&mut self) -> Option<Effect> {
        let stat = self.word::<Stat>("stat", |e| take(&mut e.stat));
        let kind = match take(&mut self.e.bonus_type) {
            Some(t) => self.c.vocab::<BonusType>(&self.field("type"), &t),
            None => Some(BonusType::Untyped),
        };
        let amount = self.amount();
        let when = match take(&mut self.e.when) {
            Some(w) => self.when(&w),
            None => Some(When::Always),
        };
        let duration = self.duration();
        Some(Effect::Modifier {
            stat: stat?,
            kind: kind?,
            amount: amount?,
            when: when?,
            duration,
        })
    }

    /// A `when` as combatant files spell it, or `vs:DESCRIPTOR` for a save descriptor. Unlike
    /// a combatant file, a spell may not name a condition the engine does not know: the
    /// bonus would silently never apply.
    fn when(&mut self, text: &str) -> Option<When> {
        let when = match text.trim().strip_prefix("vs:") {
            Some(descriptor) => match When::parse(descriptor) {
                w @ When::Descriptor(_) => w,
                _ => When::parse(text),
            },
            None => When::parse(text),
        };
        if let When::Unknown(_) = when {
            let known = known_whens();
            let message = match crate::de::closest(text, known.iter().map(String::as_str)) {
                Some(best) => format!("unknown `when` `{text}` (did you mean `{best}`?)"),
                None => format!("unknown `when` `{text}`"),
            };
            self.c.p.add(self.field("when"), message);
            return None;
        }
        Some(when)
    }

    fn summon(&mut self) -> Option<Effect> {
        let path = take(&mut self.e.creature);
        let path = self.required("creature", path);
        let count = match take(&mut self.e.count) {
            Some(a) => self.c.amount(&self.field("count"), a, true),
            None => Amount::fixed(1),
        };
        let duration = self.duration();
        let slot = self.creature_slot(&path?)?;
        Some(Effect::Summon {
            creature: slot,
            count,
            duration,
        })
    }

    /// The summoned creature's file, relative to the spell file (`../monsters/x.json`), kept
    /// as written in the spell's list of summons.
    fn creature_slot(&mut self, path: &str) -> Option<CreatureSlot> {
        let relative = path.starts_with("../")
            && path.ends_with(".json")
            && !path.contains('\\')
            && path.len() > "../.json".len();
        if !relative {
            self.c.p.add(
                self.field("creature"),
                format!(
                    "must be a combatant file relative to the spell file, such as \"../monsters/dire_rat.json\", got `{path}`"
                ),
            );
            return None;
        }
        let summons = &mut self.c.summons;
        let index = summons.iter().position(|p| p == path).unwrap_or_else(|| {
            summons.push(path.to_string());
            summons.len() - 1
        });
        u8::try_from(index).ok().map(CreatureSlot)
    }

    /// Damage types: at least one, no repeats, not only tags (`magic`, `silver`…).
    fn types(&mut self) -> Option<DamageTypes> {
        let list = take(&mut self.e.types);
        let list = self.required("types", list)?;
        let field = self.field("types");
        if list.is_empty() {
            self.c.p.add(
                &field,
                "must list at least one damage type, e.g. [\"fire\"]",
            );
            return None;
        }
        let mut types = DamageTypes::new();
        for (k, name) in list.iter().enumerate() {
            let at = format!("{field}[{k}]");
            if let Some(t) = self.c.vocab::<DamageType>(&at, name)
                && !types.insert(t)
            {
                self.c.p.add(at, format!("duplicate damage type `{name}`"));
            }
        }
        if !types.is_empty() && types.iter().all(|t| t.category() == DamageCategory::Tag) {
            self.c.p.add(
                field,
                "has only tags; add the damage type itself, e.g. \"fire\" or \"force\"",
            );
        }
        Some(types)
    }
}

/// Every `when` a spell may write, for suggestions.
fn known_whens() -> Vec<String> {
    let fixed = [
        "always",
        "melee",
        "ranged",
        "target_within_30ft_ranged",
        "attacker_is_good",
        "attacker_is_evil",
        "attacker_is_lawful",
        "attacker_is_chaotic",
        "weapon:NAME",
    ];
    let descriptors = Descriptor::ALL.iter().map(|d| d.name());
    (fixed.iter().map(|w| w.to_string()))
        .chain(descriptors.clone().map(|d| format!("vs:{d}")))
        .chain(descriptors.map(str::to_string))
        .collect()
}
