//! One instance's parameters as a front end read them ([`Params`]), each a [`ParamValue`]:
//! the text of a word, or a row of whole numbers.

use super::{abbreviate, invalid, Param, ParamKind};
use crate::Error;

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
            Some(ParamValue::Values(_)) => Err(invalid(format!(
                "{name} must be one whole number, not a list"
            ))),
            None => Err(invalid(format!("missing parameter `{name}`"))),
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
            Some(ParamValue::Text(_)) => Err(invalid(format!("{name} must be a list of values"))),
            None => Err(invalid(format!("missing parameter `{name}`"))),
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
            return Err(invalid(format!(
                "{} is not a whole-number parameter",
                param.name
            )));
        };
        let text = self.text(param.name)?.trim();
        let range = format!("{min}..={max}");
        let shown = abbreviate(text);
        let out_of_range = || {
            invalid(format!(
                "{} = {shown} is out of range: it must be a whole number in {range}",
                param.name
            ))
        };
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid(format!(
                "{} = `{shown}` is not an integer: expected a whole number in {range}",
                param.name
            )));
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
