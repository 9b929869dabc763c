//! [`EffectFile`] → [`Directed`]: reads one effect's `kind`, takes the fields that kind uses
//! (required ones reported when missing), reports every other field given as not applying to
//! that kind, and resolves the effect's duration (its own, or its spell's). Part of the spell
//! validator ([`super::validate`]); applies no rule.

use std::mem::take;

use super::file::EffectFile;
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
    fn build(&mut self) -> Option<Effect> {
        use EffectKind as K;
        Some(match self.kind {
            K::Damage => Effect::Damage {
                amount: self.amount()?,
                types: self.types()?,
            },
            K::Heal => Effect::Heal {
                amount: self.amount()?,
                energy: self.word::<Energy>("energy", |e| take(&mut e.energy))?,
            },
            K::TempHp => Effect::TempHp {
                source: self.temp_hp()?,
                duration: self.duration()?,
            },
            K::Condition => Effect::Condition {
                condition: self.condition()?,
                save_ends: take(&mut self.e.save_ends).unwrap_or(false),
                duration: self.duration()?,
            },
            K::RemoveCondition => Effect::RemoveCondition {
                condition: self.condition()?,
            },
            K::Modifier => self.modifier()?,
            K::AbilityPenalty => Effect::AbilityPenalty {
                ability: self.word::<Ability>("ability", |e| take(&mut e.ability))?,
                amount: self.count("amount", |e| take(&mut e.amount))?,
                duration: self.duration()?,
            },
            K::NegativeLevels => Effect::NegativeLevels {
                amount: self.count("amount", |e| take(&mut e.amount))?,
                duration: self.duration()?,
            },
            K::MirrorImages => Effect::MirrorImages {
                amount: self.count("amount", |e| take(&mut e.amount))?,
                duration: self.duration()?,
            },
            K::ExtraAttack => Effect::ExtraAttack {
                duration: self.duration()?,
            },
            K::Slay => Effect::Slay,
            K::Stabilize => Effect::Stabilize,
            K::ResumeDying => Effect::ResumeDying,
            K::RecurringDamage => Effect::RecurringDamage {
                amount: self.amount()?,
                types: self.types()?,
                rounds: self.count("rounds", |e| take(&mut e.rounds))?,
            },
            K::Summon => self.summon()?,
            K::SpellWeapon => Effect::SpellWeapon {
                amount: self.amount()?,
                types: self.types()?,
                crit_range: self.number("crit_range", 20, 2, 20, |e| take(&mut e.crit_range))?,
                crit_mult: self.number("crit_mult", 2, 2, 6, |e| take(&mut e.crit_mult))?,
                duration: self.duration()?,
            },
            K::Dispel => Effect::Dispel {
                max_bonus: match take(&mut self.e.max_bonus) {
                    Some(cap) => Some(self.c.int(&self.field("max_bonus"), cap, 1, 40) as u8),
                    None => None,
                },
            },
            K::Teleport => Effect::Teleport,
            K::Sanctuary => Effect::Sanctuary {
                duration: self.duration()?,
            },
            K::Retaliate => Effect::Retaliate {
                amount: self.amount()?,
                types: self.types()?,
                against: self.word::<Trigger>("against", |e| take(&mut e.against))?,
                duration: self.duration()?,
            },
            K::SpellImmunity => Effect::SpellImmunity {
                max_level: self.required_number("max_level", 0, 9, |e| take(&mut e.max_level))?,
                duration: self.duration()?,
            },
            K::SeeInvisible => Effect::SeeInvisible {
                duration: self.duration()?,
            },
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

    /// An amount that counts something and can't be negative.
    fn count(
        &mut self,
        name: &str,
        pick: impl FnOnce(&mut EffectFile) -> Option<super::file::AmountFile>,
    ) -> Option<Amount> {
        let a = pick(self.e);
        let a = self.required(name, a)?;
        Some(self.c.amount(&self.field(name), a, true))
    }

    fn number(
        &mut self,
        name: &str,
        default: i64,
        lo: i64,
        hi: i64,
        pick: impl FnOnce(&mut EffectFile) -> Option<i64>,
    ) -> Option<u8> {
        let value = pick(self.e).unwrap_or(default);
        Some(self.c.int(&self.field(name), value, lo, hi) as u8)
    }

    fn required_number(
        &mut self,
        name: &str,
        lo: i64,
        hi: i64,
        pick: impl FnOnce(&mut EffectFile) -> Option<i64>,
    ) -> Option<u8> {
        let value = pick(self.e);
        let value = self.required(name, value)?;
        Some(self.c.int(&self.field(name), value, lo, hi) as u8)
    }

    fn condition(&mut self) -> Option<Condition> {
        self.word::<Condition>("condition", |e| take(&mut e.condition))
    }

    /// The effect's own duration, or the spell's; an effect that lasts can't be instantaneous.
    fn duration(&mut self) -> Option<Duration> {
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
        Some(duration)
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
            duration: duration?,
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
            duration: duration?,
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
