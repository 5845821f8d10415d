//! A game's parameters written once: a struct read through serde ([`GameParams`]), declared
//! with [`table_game!`](crate::table_game).
//!
//! Why a declarative macro and not a derive: the names, kinds, ranges and help of a game's
//! parameters must be known to every front end at run time (the command line builds its
//! arguments from them, `serve` lists them for the page's form), so they are a `const` list
//! of [`Param`]s; a `macro_rules!` macro reads them off the struct's own fields (the field's
//! name, its type, a `#[range(..)]` attribute and its doc comment as the help) and writes that
//! list, the serde derives and the game's registration, with no proc-macro crate to build or
//! keep. The struct is the instance: the game table reads it through serde straight from the
//! values a front end parsed ([`read_params`], no JSON object in between) and writes it back
//! through serde ([`write_params`]). The values a front end read, by name, are [`Params`].

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::{Param, ParamKind};
use crate::core_types::error::{Expected, ParamFault};
use crate::Error;

/// The parameters of a game of the table: their list, and how an instance is read from them
/// and written back. [`table_game!`](crate::table_game) implements it for a struct of
/// parameters; a game with messages of its own (the built-in games) implements it by hand.
pub trait GameParams: Sized {
    /// The parameters, in command-line order.
    const PARAMS: &'static [Param];

    /// The instance with these parameters.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] (or another invalid-input error) naming the parameter, the
    /// value and what is allowed.
    fn from_params(params: &Params) -> Result<Self, Error>;

    /// This instance's parameters: [`GameParams::from_params`] of them gives it back.
    fn params(&self) -> Params;
}

/// A type a parameter of [`table_game!`](crate::table_game) may have, and the kind of value
/// it is read as: the unsigned integers ([`ParamKind::Integer`], their whole range unless the
/// field says `#[range(min..=max)]`) and `Vec<i64>` ([`ParamKind::Values`]).
pub trait ParamType {
    /// How a front end reads it.
    const KIND: ParamKind;
}

macro_rules! integer_param {
    ($($t:ty),*) => {$(
        impl ParamType for $t {
            const KIND: ParamKind = ParamKind::Integer { min: 0, max: <$t>::MAX as u64 };
        }
    )*};
}
integer_param!(u8, u16, u32, u64, usize);

impl ParamType for Vec<i64> {
    const KIND: ParamKind = ParamKind::Values;
}

/// Whether `min..=max` is a range a field of kind `kind` holds (checked when a game is
/// compiled, by [`table_game!`](crate::table_game)).
#[doc(hidden)]
pub const fn range_fits(kind: ParamKind, min: u64, max: u64) -> bool {
    match kind {
        ParamKind::Integer { max: most, .. } => min <= max && max <= most,
        ParamKind::Values | ParamKind::Graph | ParamKind::Text => false,
    }
}

/// The instance of `T` the parameters `params` (listed in `list`) describe, read through
/// serde straight from `params`: each one checked by its kind first (an integer against its
/// range, with a message naming it, the value as written and the range), then handed to `T`'s
/// deserializer as it is (a number, a row of numbers, a word), with no JSON object built and
/// read again in between.
///
/// # Errors
///
/// [`Error::InvalidParameter`] for a parameter missing, of the wrong kind or out of range.
pub fn read_params<T: DeserializeOwned>(params: &Params, list: &[Param]) -> Result<T, Error> {
    let mut fields = Vec::with_capacity(list.len());
    for param in list {
        let value = match param.kind {
            ParamKind::Integer { .. } => Field::Integer(params.integer(param)?),
            ParamKind::Values => Field::Values(params.values(param.name)?),
            ParamKind::Graph => {
                let text = params.text(param.name)?;
                Field::Json(serde_json::from_str(text).map_err(|e| {
                    let what = e.to_string();
                    invalid(param.name, text, ParamFault::NotJson { what })
                })?)
            }
            // Optional: not given is the empty word.
            ParamKind::Text => match params.get(param.name) {
                Some(_) => Field::Text(params.text(param.name)?),
                None => Field::Text(""),
            },
        };
        fields.push((param.name, value));
    }
    // The map deserializer checks that every field was taken.
    let map = serde::de::value::MapDeserializer::new(fields.into_iter());
    T::deserialize(map).map_err(|e: serde_json::Error| {
        let sentence = format!("the parameters do not make an instance: {e}");
        invalid("", "", ParamFault::Rule { sentence })
    })
}

/// One parameter's value as [`read_params`] hands it to a game's deserializer.
enum Field<'a> {
    /// A whole number, checked against its range.
    Integer(u64),
    /// A row of values.
    Values(&'a [i64]),
    /// A word.
    Text(&'a str),
    /// A JSON value (a graph's lists).
    Json(serde_json::Value),
}

impl<'de> serde::de::IntoDeserializer<'de, serde_json::Error> for Field<'_> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> serde::Deserializer<'de> for Field<'_> {
    type Error = serde_json::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        match self {
            Field::Integer(value) => visitor.visit_u64(value),
            Field::Values(values) => serde::de::value::SeqDeserializer::new(values.iter().copied())
                .deserialize_any(visitor),
            Field::Text(word) => visitor.visit_str(word),
            Field::Json(value) => value.deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// The parameters of `game` (listed in `list`), written through serde: the inverse of
/// [`read_params`].
pub fn write_params<T: Serialize>(game: &T, list: &[Param]) -> Params {
    let fields = match serde_json::to_value(game) {
        Ok(serde_json::Value::Object(fields)) => fields,
        _ => serde_json::Map::new(),
    };
    let mut params = Params::new();
    for param in list {
        let Some(value) = fields.get(param.name) else {
            continue;
        };
        let value = match (param.kind, value) {
            (ParamKind::Values, serde_json::Value::Array(items)) => {
                ParamValue::Values(items.iter().filter_map(serde_json::Value::as_i64).collect())
            }
            (_, serde_json::Value::String(text)) => ParamValue::Text(text.clone()),
            (_, other) => ParamValue::Text(other.to_string()),
        };
        params.set(param.name, value);
    }
    params
}

/// Declares a game's parameters once, as a struct: each field is a parameter, its doc comment
/// the help, its type the kind (an unsigned integer, or `Vec<i64>` for a row of values),
/// `#[range(min..=max)]` its allowed range. The macro writes the struct with serde's derives,
/// its [`GameParams`] (the list of [`Param`]s and the serde reading and writing), and the
/// game's registration: [`register!`](crate::register) (the generic variants, and the indexed
/// ones when the game is [`Indexed`](crate::Indexed)), the default JSON answer
/// ([`GenericReport`](crate::contract::GenericReport)) and the default table view. Start the
/// block with `own TableView;` to write the table view yourself.
///
/// The game then needs `impl Game` and `impl TableGame` (its title, summary, rules and
/// examples); see the workspace's `examples/subtraction_game.rs`.
///
/// ```
/// use gamesolve::games::{GameParams, ParamKind, ParamValue, Params};
///
/// gamesolve::table_game! {
///     /// A pile of stones.
///     #[derive(Clone, Debug)]
///     pub struct Pile {
///         /// The stones on the pile at the start.
///         #[range(0..=1000)]
///         pub stones: u32,
///     }
/// }
/// impl gamesolve::Game for Pile {
///     const NAME: &'static str = "pile";
///     type Position = u32;
///     type Move = u32;
///     type Value = gamesolve::Verdict;
///     type Solution = gamesolve::Solved<Self>;
///     fn start(&self) -> u32 { self.stones }
///     fn terminal_value(&self, p: u32) -> Option<gamesolve::Verdict> {
///         (p == 0).then_some(gamesolve::Verdict::Loss)
///     }
///     fn moves(&self, p: u32) -> Vec<u32> { (1..=p.min(2)).collect() }
///     fn play(&self, p: u32, take: u32) -> u32 { p - take }
/// }
/// impl gamesolve::TableGame for Pile {
///     const INFO: gamesolve::games::GameInfo = gamesolve::games::GameInfo::of::<Self>("Pile");
/// }
///
/// assert_eq!(Pile::PARAMS[0].name, "stones");
/// assert_eq!(Pile::PARAMS[0].help, "The stones on the pile at the start.");
/// assert_eq!(Pile::PARAMS[0].kind, ParamKind::Integer { min: 0, max: 1000 });
/// let params = Params::new().with("stones", ParamValue::Text("22".into()));
/// assert_eq!(Pile::from_params(&params)?.stones, 22);
/// assert_eq!(Pile { stones: 22 }.params(), params);
/// let far = Params::new().with("stones", ParamValue::Text("5000".into()));
/// assert_eq!(
///     Pile::from_params(&far).unwrap_err().to_string(),
///     "stones = 5000 is out of range: it must be a whole number in 0..=1000"
/// );
/// # Ok::<(), gamesolve::Error>(())
/// ```
#[macro_export]
macro_rules! table_game {
    (own TableView; $($rest:tt)*) => {
        $crate::table_game!(@struct $($rest)*);
    };
    (@struct
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $(#[range($min:literal ..= $max:literal)])?
                $fvis:vis $field:ident : $ty:ty
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive($crate::__private::serde::Serialize, $crate::__private::serde::Deserialize)]
        #[serde(crate = "gamesolve::__private::serde", deny_unknown_fields)]
        $vis struct $name {
            $($(#[doc = $doc])* $fvis $field: $ty,)*
        }

        impl $crate::games::GameParams for $name {
            const PARAMS: &'static [$crate::games::Param] = &[$(
                $crate::games::Param {
                    name: ::core::stringify!($field),
                    value_name: ::core::stringify!($field),
                    kind: $crate::table_game!(@kind $ty $(, $min, $max)?),
                    help: ::core::concat!($($doc),*).trim_ascii(),
                }
            ),*];

            fn from_params(
                params: &$crate::games::Params,
            ) -> ::core::result::Result<Self, $crate::Error> {
                $crate::games::read_params(params, Self::PARAMS)
            }

            fn params(&self) -> $crate::games::Params {
                $crate::games::write_params(self, Self::PARAMS)
            }
        }

        $crate::register!($name);

        impl $crate::contract::Reported for $name {
            type Report = $crate::contract::GenericReport;

            fn report(
                &self,
                solution: &<Self as $crate::Game>::Solution,
                backend: &'static str,
                variant: &'static str,
                kernel: &'static str,
                stats: $crate::Stats,
            ) -> $crate::contract::GenericReport {
                $crate::contract::GenericReport::new(self, solution, backend, variant, kernel, stats)
            }
        }
    };
    (@kind $ty:ty, $min:literal, $max:literal) => {{
        const _: () = ::core::assert!(
            $crate::games::range_fits(<$ty as $crate::games::ParamType>::KIND, $min, $max),
            "a parameter's #[range(min..=max)] must be an integer range its type holds"
        );
        $crate::games::ParamKind::Integer { min: $min, max: $max }
    }};
    (@kind $ty:ty) => {
        <$ty as $crate::games::ParamType>::KIND
    };
    (@name $(#[$meta:meta])* $vis:vis struct $name:ident $($rest:tt)*) => { $name };
    ($($rest:tt)*) => {
        $crate::table_game!(@struct $($rest)*);
        impl $crate::explain::TableView for $crate::table_game!(@name $($rest)*) {}
    };
}

/// One parameter's value as a front end read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamValue {
    /// The text of one word or JSON number, for the game to parse and range-check.
    Text(String),
    /// A row of whole numbers, already parsed.
    Values(Vec<i64>),
}

impl ParamValue {
    /// The value as JSON: a number when the text is one, an array when it is a JSON array (a
    /// graph's lists), else its text; an array of values.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            ParamValue::Text(text) => serde_json::from_str::<serde_json::Number>(text.trim())
                .map(Into::into)
                .or_else(|_| match serde_json::from_str(text.trim()) {
                    Ok(array @ serde_json::Value::Array(_)) => Ok(array),
                    _ => Err(()),
                })
                .unwrap_or_else(|()| serde_json::Value::from(text.as_str())),
            ParamValue::Values(values) => values.iter().copied().collect(),
        }
    }
}

/// The parameters of one instance, by name, in the game's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    entries: Vec<(&'static str, ParamValue)>,
}

impl Params {
    /// No parameters yet.
    pub fn new() -> Self {
        Params::default()
    }

    /// These parameters and `name` = `value` (replacing an earlier value of `name`).
    #[must_use]
    pub fn with(mut self, name: &'static str, value: ParamValue) -> Self {
        self.set(name, value);
        self
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: &'static str, value: ParamValue) {
        match self.entries.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((name, value)),
        }
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&ParamValue> {
        self.entries
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// Every parameter given, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &ParamValue)> {
        self.entries.iter().map(|(n, v)| (*n, v))
    }

    /// The text of the [`Integer`](ParamKind::Integer) parameter `name`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when it is missing or is a row of values.
    pub fn text(&self, name: &str) -> Result<&str, Error> {
        match self.get(name) {
            Some(ParamValue::Text(text)) => Ok(text),
            Some(ParamValue::Values(_)) => Err(wrong_kind(name, Expected::Integer)),
            None => Err(invalid(name, "", ParamFault::Missing)),
        }
    }

    /// The row of the [`Values`](ParamKind::Values) parameter `name`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when it is missing or is a single word.
    pub fn values(&self, name: &str) -> Result<&[i64], Error> {
        match self.get(name) {
            Some(ParamValue::Values(values)) => Ok(values),
            Some(ParamValue::Text(_)) => Err(wrong_kind(name, Expected::List)),
            None => Err(invalid(name, "", ParamFault::Missing)),
        }
    }

    /// The [`Integer`](ParamKind::Integer) parameter `param`, parsed and checked against its
    /// range, with a message that names it, the value as written and the range.
    ///
    /// ```
    /// use gamesolve::games::{Param, ParamKind, ParamValue, Params};
    ///
    /// const STONES: Param = Param {
    ///     name: "stones",
    ///     value_name: "STONES",
    ///     kind: ParamKind::Integer { min: 0, max: 1000 },
    ///     help: "The stones on the pile.",
    /// };
    /// let params = Params::new().with("stones", ParamValue::Text("22".into()));
    /// assert_eq!(params.integer(&STONES)?, 22);
    /// let params = Params::new().with("stones", ParamValue::Text("5000".into()));
    /// assert_eq!(
    ///     params.integer(&STONES).unwrap_err().to_string(),
    ///     "stones = 5000 is out of range: it must be a whole number in 0..=1000"
    /// );
    /// # Ok::<(), gamesolve::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when it is missing, not a whole number or out of range.
    pub fn integer(&self, param: &Param) -> Result<u64, Error> {
        let ParamKind::Integer { min, max } = param.kind else {
            return Err(wrong_kind(param.name, Expected::IntegerParam));
        };
        let text = self.text(param.name)?.trim();
        let out_of_range = || invalid(param.name, text, ParamFault::OutOfRange { min, max });
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            let fault = ParamFault::NotAnInteger { min, max };
            return Err(invalid(param.name, text, fault));
        }
        if text.starts_with('-') && digits.bytes().any(|b| b != b'0') {
            return Err(out_of_range());
        }
        match digits.parse::<u64>() {
            Ok(value) if (min..=max).contains(&value) => Ok(value),
            _ => Err(out_of_range()),
        }
    }
}

/// An [`Error::InvalidParameter`]: the parameter `field`, given as `value` (kept cut to a
/// readable length, [`abbreviate`]; empty when missing), refused for `fault`.
pub fn invalid(field: &str, value: &str, fault: ParamFault) -> Error {
    Error::InvalidParameter {
        field: field.to_owned(),
        value: abbreviate(value),
        fault,
    }
}

/// An [`Error::InvalidParameter`] for a rule of the game's own: the parameter `field`, given
/// as `value`, refused with the game's `sentence` ([`ParamFault::Rule`]).
pub fn rule(field: &str, value: &str, sentence: String) -> Error {
    invalid(field, value, ParamFault::Rule { sentence })
}

/// A parameter given as another kind of value than `expected`.
fn wrong_kind(field: &str, expected: Expected) -> Error {
    invalid(field, "", ParamFault::WrongKind { expected })
}

/// Input repeated in a message, cut to its first 40 characters and `…`, so a huge input
/// never makes a huge message; an integer keeps up to 100 digits, so a number far beyond 64
/// bits is still shown exactly. Text already cut this way (ending in `…`) is kept as it is.
pub fn abbreviate(text: &str) -> String {
    let whole = text.strip_suffix('…').unwrap_or(text);
    let digits = whole.strip_prefix(['-', '+']).unwrap_or(whole);
    let is_integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let keep = if is_integer { 100 } else { 40 };
    match text.char_indices().nth(keep) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}
