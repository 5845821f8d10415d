//! The four limits at the edge, in one table ([`Limit`]): each one's keyword (the clap
//! argument id, the embedding API's and Python's keyword), the [`Limits`] field it fills (the
//! name library errors use), its command-line flag and the parser of its text. Every front end
//! parses into the one limits type, [`gamesolve::Limits`], through this table:
//!
//! - the command line, with [`LimitArgs`]: one clap argument group over the table, flattened
//!   into every command, whose [`LimitSet`] says which limits the command takes and in what
//!   words (the backends' four, the analysis's three, and `serve`'s four with its own
//!   defaults);
//! - the embedding API and Python, with [`Limit::set`] (a keyword and its text);
//! - error texts, with [`Flags`]: a library error names the [`Limits`] field
//!   (`Limits::state_budget`) and the command line words it with its flag too
//!   (`--state-budget`) when it prints the error.
//!
//! ```
//! use gamesolve::contract::error::ErrorReport;
//! use gamesolve_app::limits::{Flags, Limit, Spelling as _};
//!
//! let mut limits = gamesolve::Limits::default();
//! Limit::from_key("memory_cap").unwrap().set(&mut limits, "512MiB").unwrap();
//! assert_eq!(limits.memory_cap_bytes, Some(512 << 20));
//! let e = ErrorReport::from(gamesolve::Error::BudgetExhausted {
//!     backend: "memo", game: "domineering", budget: 9, unit: "states", hint: &[],
//! });
//! assert!(e.message().ends_with("its state budget of 9 states (`Limits::state_budget`)"));
//! assert!(e.worded(&Flags).ends_with("(`Limits::state_budget`, --state-budget)"));
//! ```

use std::marker::PhantomData;
use std::ops::Deref;

#[cfg(feature = "cli")]
use clap::{Arg, ArgMatches, Command};
use gamesolve::core_types::error::Wording;
use gamesolve::Limits;

use super::args::{parse_byte_size, parse_count, parse_time_limit};

/// One of the four limits: the library's list ([`gamesolve::core_types::limits::Limit`]).
pub use gamesolve::core_types::limits::Limit;

/// How the front ends spell each of the four limits ([`Limit`], the library's names of the
/// [`Limits`] fields): the keyword, the flag, its value name and its parser. The library's
/// `Limit` stays the one list of limits; this adds only what the edge needs.
pub trait Spelling: Sized {
    /// The keyword: the clap argument id, the embedding API's and Python's keyword.
    fn key(self) -> &'static str;

    /// The command-line flag without its dashes: `memory-cap`.
    fn long(self) -> &'static str;

    /// The flag's value name: `SIZE`.
    fn value_name(self) -> &'static str;

    /// What a value looks like, for messages.
    fn expected(self) -> &'static str;

    /// The limit whose keyword is `key`.
    fn from_key(key: &str) -> Option<Limit>;

    /// The keywords, comma-separated, for messages.
    fn keys() -> String;

    /// Reads `text` as the flag reads it and sets the limit in `limits`.
    ///
    /// # Errors
    ///
    /// Why the text is not a value of this limit, and what is allowed (the flag's parser's
    /// words: "it is negative; expected a whole number in 0..=18446744073709551615").
    fn set(self, limits: &mut Limits, text: &str) -> Result<(), String>;
}

impl Spelling for Limit {
    /// The keyword: the clap argument id, the embedding API's and Python's keyword.
    fn key(self) -> &'static str {
        match self {
            Limit::NodeBudget => "node_budget",
            Limit::MemoryCap => "memory_cap",
            Limit::StateBudget => "state_budget",
            Limit::TimeLimit => "time_limit",
        }
    }

    /// The command-line flag without its dashes: `memory-cap`.
    fn long(self) -> &'static str {
        match self {
            Limit::NodeBudget => "node-budget",
            Limit::MemoryCap => "memory-cap",
            Limit::StateBudget => "state-budget",
            Limit::TimeLimit => "time-limit",
        }
    }

    /// The flag's value name: `SIZE`.
    fn value_name(self) -> &'static str {
        match self {
            Limit::NodeBudget => "POSITIONS",
            Limit::MemoryCap => "SIZE",
            Limit::StateBudget => "STATES",
            Limit::TimeLimit => "DURATION",
        }
    }

    /// What a value looks like, for messages.
    fn expected(self) -> &'static str {
        match self {
            Limit::NodeBudget | Limit::StateBudget => "a whole number, e.g. 1000000",
            Limit::MemoryCap => "a number of bytes or a size, e.g. 536870912 or '512MiB'",
            Limit::TimeLimit => "a number of seconds or a duration, e.g. 2 or '500ms'",
        }
    }

    /// The limit whose keyword is `key`.
    fn from_key(key: &str) -> Option<Limit> {
        Limit::ALL.into_iter().find(|l| l.key() == key)
    }

    /// The keywords, comma-separated, for messages.
    fn keys() -> String {
        Limit::ALL.map(Limit::key).join(", ")
    }

    /// Reads `text` as the flag reads it and sets the limit in `limits`.
    ///
    /// # Errors
    ///
    /// Why the text is not a value of this limit, and what is allowed (the flag's parser's
    /// words: "it is negative; expected a whole number in 0..=18446744073709551615").
    fn set(self, limits: &mut Limits, text: &str) -> Result<(), String> {
        match self {
            Limit::NodeBudget => limits.node_budget = Some(parse_count(text)?),
            Limit::MemoryCap => limits.memory_cap_bytes = Some(parse_byte_size(text)?),
            Limit::StateBudget => limits.state_budget = Some(parse_count(text)?),
            Limit::TimeLimit => limits.time_limit = Some(parse_time_limit(text)?),
        }
        Ok(())
    }
}

/// The clap argument, its help `help`.
#[cfg(feature = "cli")]
fn arg(limit: Limit, help: String) -> Arg {
    let arg = Arg::new(limit.key())
        .long(limit.long())
        .value_name(limit.value_name())
        .help(help)
        .allow_negative_numbers(true);
    match limit {
        Limit::NodeBudget | Limit::StateBudget => arg.value_parser(parse_count),
        Limit::MemoryCap => arg.value_parser(parse_byte_size),
        Limit::TimeLimit => arg.value_parser(parse_time_limit),
    }
}

/// The value clap read for the limit, if it was given (and the command has it).
#[cfg(feature = "cli")]
fn read(limit: Limit, matches: &ArgMatches, limits: &mut Limits) {
    let count = || {
        matches
            .try_get_one::<u64>(limit.key())
            .ok()
            .flatten()
            .copied()
    };
    match limit {
        Limit::NodeBudget => limits.node_budget = count().or(limits.node_budget),
        Limit::MemoryCap => limits.memory_cap_bytes = count().or(limits.memory_cap_bytes),
        Limit::StateBudget => limits.state_budget = count().or(limits.state_budget),
        Limit::TimeLimit => {
            let given = matches
                .try_get_one::<std::time::Duration>(limit.key())
                .ok()
                .flatten();
            limits.time_limit = given.copied().or(limits.time_limit);
        }
    }
}

/// The command line's words for an error ([`Wording`]): a limit named by its [`Limits`] field
/// and its flag, "`Limits::state_budget`, --state-budget" (the one mapping from field to flag).
/// The program's errors, `batch`'s error lines, `compare`'s and `growth`'s reasons and
/// `serve`'s errors (whose limits are its flags) are worded so; the library's words
/// ([`ErrorReport::message`](gamesolve::contract::error::ErrorReport::message)) name the field
/// alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags;

impl Wording for Flags {
    fn limit(&self, limit: Limit) -> String {
        format!("{limit}, --{}", limit.long())
    }
}

/// Which limits a command takes, in its words: its help per limit (`None`: it does not take
/// that limit), whether the flags reach its subcommands, and its defaults.
pub trait LimitSet {
    /// The help of `limit`'s flag, or `None` when the command does not take it.
    fn help(limit: Limit) -> Option<String>;
    /// Whether the flags are global (given after a subcommand too).
    const GLOBAL: bool = false;
}

/// The backends' four limits: every solving command, `compare`, `explain` and `batch`. Their
/// defaults are the library's ([`gamesolve::core_types::limits`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Backends;

impl LimitSet for Backends {
    const GLOBAL: bool = true;

    fn help(limit: Limit) -> Option<String> {
        Some(
            match limit {
                Limit::NodeBudget => {
                    "`recursive`: positions to expand before giving up [default: 10^8]"
                }
                Limit::MemoryCap => {
                    "`memo`, `tabular`: the largest table to allocate, in bytes; suffixes K, M, G \
                     (powers of 1000) and KiB, MiB, GiB work [default: 1GiB]"
                }
                Limit::StateBudget => {
                    "`memo`: states the sparse memo may store before giving up [default: as many as fit in \
                     the memory cap; `compare`: 3000000]"
                }
                Limit::TimeLimit => {
                    "Every backend: the wall-clock time one solve may take, e.g. 500ms, 2s or 1m \
                     30s; past it the answer is `cannot_answer` naming the limit (in `batch`, per \
                     line) [default: no limit]"
                }
            }
            .to_owned(),
        )
    }
}

/// The analysis engine's three limits (`analyze`, `play`): it has no node budget.
#[derive(Clone, Copy, Debug, Default)]
pub struct Analysis;

impl LimitSet for Analysis {
    fn help(limit: Limit) -> Option<String> {
        match limit {
            Limit::NodeBudget => None,
            Limit::MemoryCap => Some(
                "The largest table the analysis allocates, in bytes; suffixes K, M, G and KiB, \
                 MiB, GiB work [default: 1GiB, as for the backends]",
            ),
            Limit::StateBudget => Some(
                "States the analysis's hash-map memo may store (used when the game has no dense \
                 table, or when its table exceeds the memory cap) [default: as many as fit in the memory \
                 cap]",
            ),
            Limit::TimeLimit => Some(
                "The wall-clock time one analysis may take (for `play`, each of the computer's \
                 moves), e.g. 500ms, 2s or 1m 30s; past it the answer is `cannot_answer` naming \
                 the limit [default: no limit]",
            ),
        }
        .map(str::to_owned)
    }
}

/// `given`, each limit it leaves `None` taken from `defaults`.
pub fn or_defaults(given: Limits, defaults: Limits) -> Limits {
    Limits {
        node_budget: given.node_budget.or(defaults.node_budget),
        memory_cap_bytes: given.memory_cap_bytes.or(defaults.memory_cap_bytes),
        state_budget: given.state_budget.or(defaults.state_budget),
        time_limit: given.time_limit.or(defaults.time_limit),
    }
}

/// The limit flags of a command, parsed straight into [`Limits`] (a limit not given stays
/// `None`: the library's default, or the command's): flattened into each command's clap
/// arguments (`#[command(flatten)] limits: LimitArgs<Analysis>`), under the heading "Limits".
#[derive(Clone, Copy, Debug, Default)]
pub struct LimitArgs<S: LimitSet = Backends> {
    /// The limits given.
    pub limits: Limits,
    set: PhantomData<S>,
}

impl<S: LimitSet> LimitArgs<S> {
    /// The limits given (each `None` that was not).
    pub fn limits(&self) -> Limits {
        self.limits
    }
}

impl<S: LimitSet> From<Limits> for LimitArgs<S> {
    fn from(limits: Limits) -> Self {
        LimitArgs {
            limits,
            set: PhantomData,
        }
    }
}

impl<S: LimitSet> Deref for LimitArgs<S> {
    type Target = Limits;

    fn deref(&self) -> &Limits {
        &self.limits
    }
}

#[cfg(feature = "cli")]
impl<S: LimitSet> clap::FromArgMatches for LimitArgs<S> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = LimitArgs::from(Limits::default());
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for limit in Limit::ALL {
            if S::help(limit).is_some() {
                read(limit, matches, &mut self.limits);
            }
        }
        Ok(())
    }
}

#[cfg(feature = "cli")]
impl<S: LimitSet> clap::Args for LimitArgs<S> {
    fn augment_args(command: Command) -> Command {
        let mut command = command.next_help_heading("Limits");
        for limit in Limit::ALL {
            if let Some(help) = S::help(limit) {
                command = command.arg(arg(limit, help).global(S::GLOBAL));
            }
        }
        command
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    #[cfg(feature = "cli")]
    use clap::Parser;
    use std::time::Duration;

    #[cfg(feature = "cli")]
    #[derive(Parser, Debug)]
    struct Cmd {
        #[command(flatten)]
        limits: LimitArgs<Analysis>,
    }

    #[cfg(feature = "cli")]
    #[test]
    fn each_command_parses_the_limits_it_takes_into_limits() {
        let cmd = Cmd::try_parse_from(["x", "--memory-cap", "1KiB", "--time-limit", "2s"]).unwrap();
        assert_eq!(
            cmd.limits.limits(),
            Limits {
                memory_cap_bytes: Some(1024),
                time_limit: Some(Duration::from_secs(2)),
                ..Limits::default()
            }
        );
        // The analysis has no node budget: the flag is refused.
        let e = Cmd::try_parse_from(["x", "--node-budget", "5"]).unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::UnknownArgument);
        let e = Cmd::try_parse_from(["x", "--state-budget", "-1"]).unwrap_err();
        assert!(e.to_string().contains("it is negative"), "{e}");
    }

    #[test]
    fn keywords_set_the_limits_field_and_flags_follow_fields() {
        let mut limits = Limits::default();
        for (key, text) in [
            ("node_budget", "7"),
            ("memory_cap", "2KiB"),
            ("state_budget", "9"),
            ("time_limit", "1s"),
        ] {
            Limit::from_key(key)
                .unwrap()
                .set(&mut limits, text)
                .unwrap();
        }
        assert_eq!(
            limits,
            Limits {
                node_budget: Some(7),
                memory_cap_bytes: Some(2048),
                state_budget: Some(9),
                time_limit: Some(Duration::from_secs(1)),
            }
        );
        assert!(Limit::NodeBudget
            .set(&mut limits, "x")
            .unwrap_err()
            .contains("not a whole number"));
        // The command line names each limit by its field and its flag.
        assert_eq!(
            Limit::ALL.map(|limit| Flags.limit(limit)),
            [
                "`Limits::node_budget`, --node-budget",
                "`Limits::memory_cap_bytes`, --memory-cap",
                "`Limits::state_budget`, --state-budget",
                "`Limits::time_limit`, --time-limit",
            ]
        );
    }
}
