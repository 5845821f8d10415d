//! What the terminal shows: text wrapped to its width, colour for outcomes, errors and
//! warnings, and the `--color`, `--progress` and `--no-progress` flags every command takes.
//!
//! On a terminal, prose is wrapped with [`textwrap`] at the width [`terminal_size`] reports
//! (80 when it reports none), on spaces only, so a word is never broken, and structural lines
//! (trees, tables) are cut with `…`; into a pipe or a file, text is written as it is, for the
//! scripts that read it (`compare`'s table alone keeps to 80 columns there). Colour is written as ANSI styles ([`anstyle`]) through [`anstream`]'s streams,
//! which drop them when the stream is not a terminal, under `NO_COLOR`, or with
//! `--color never`, and keep them under `CLICOLOR_FORCE` or with `--color always`. JSON is
//! written past these streams and never holds a style.

#[cfg(feature = "cli")]
use std::ffi::OsString;
use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};

/// The width of a terminal that does not report its size, and of `compare`'s table in a pipe
/// or a file.
pub(crate) const DEFAULT_WIDTH: usize = 80;

/// The narrowest width text is wrapped to, however narrow the terminal.
const MIN_WIDTH: usize = 20;

/// `--color`, `--progress` and `--no-progress`: flags of every command.
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(next_help_heading = "Terminal"))]
pub(crate) struct TermArgs {
    /// When to colour outcomes, errors and warnings: `auto` (on a terminal, unless `NO_COLOR`
    /// is set; `CLICOLOR_FORCE` forces it), `always` or `never`. JSON is never coloured.
    #[cfg_attr(feature = "cli", arg(long, value_enum, value_name = "WHEN", global = true, default_value_t = ColorWhen::Auto))]
    pub(crate) color: ColorWhen,
    /// Draw progress bars and spinners on standard error even when it is not a terminal (for
    /// scripts and CI logs).
    #[cfg_attr(
        feature = "cli",
        arg(long, global = true, conflicts_with = "no_progress")
    )]
    pub(crate) progress: bool,
    /// Never draw progress bars or spinners.
    #[cfg_attr(feature = "cli", arg(long, global = true))]
    pub(crate) no_progress: bool,
}

/// `--color WHEN`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub(crate) enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set (`CLICOLOR_FORCE` forces it).
    #[default]
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

impl ColorWhen {
    /// The choice as [`anstream`] and clap take it.
    fn choice(self) -> anstream::ColorChoice {
        match self {
            ColorWhen::Auto => anstream::ColorChoice::Auto,
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
        }
    }

    /// The `--color` of `args` (`--color WHEN` or `--color=WHEN`, the last one before `--`),
    /// read before clap parses them, so that clap's own help and errors follow it too;
    /// `Auto` when absent or not a known value (clap then reports the bad value).
    #[cfg(feature = "cli")]
    pub(crate) fn from_args(args: &[OsString]) -> ColorWhen {
        use clap::ValueEnum as _;
        let mut when = ColorWhen::Auto;
        let mut words = args.iter().skip(1).take_while(|a| *a != "--");
        while let Some(word) = words.next() {
            let value = match word.to_str() {
                Some("--color") => words.next().and_then(|v| v.to_str()),
                Some(other) => other.strip_prefix("--color="),
                None => None,
            };
            if let Some(parsed) = value.and_then(|v| ColorWhen::from_str(v, false).ok()) {
                when = parsed;
            }
        }
        when
    }

    /// Makes this choice the process's: [`anstream`]'s streams follow it.
    pub(crate) fn install(self) {
        self.choice().write_global();
    }

    /// clap's colour choice for its help and errors.
    #[cfg(feature = "cli")]
    pub(crate) fn clap(self) -> clap::ColorChoice {
        match self {
            ColorWhen::Auto => clap::ColorChoice::Auto,
            ColorWhen::Always => clap::ColorChoice::Always,
            ColorWhen::Never => clap::ColorChoice::Never,
        }
    }
}

impl TermArgs {
    /// Installs the colour choice and the progress mode for the rest of the process.
    pub(crate) fn install(&self) {
        self.color.install();
        crate::progress::set_forced(if self.progress {
            Some(true)
        } else if self.no_progress {
            Some(false)
        } else {
            None
        });
    }
}

/// The width of the terminal standard output is, when it is one: [`terminal_size`]'s, or
/// [`DEFAULT_WIDTH`] when the terminal does not say; never below 20. `None` when standard
/// output is a pipe or a file: prose is then left as it is (scripts and tests read it).
pub(crate) fn width() -> Option<usize> {
    let out = std::io::stdout();
    out.is_terminal()
        .then(|| {
            terminal_size::terminal_size_of(out).map_or(DEFAULT_WIDTH, |(w, _)| usize::from(w.0))
        })
        .map(|w| w.max(MIN_WIDTH))
}

/// [`width`] for standard error (errors and warnings).
pub(crate) fn error_width() -> Option<usize> {
    let err = std::io::stderr();
    err.is_terminal()
        .then(|| {
            terminal_size::terminal_size_of(err).map_or(DEFAULT_WIDTH, |(w, _)| usize::from(w.0))
        })
        .map(|w| w.max(MIN_WIDTH))
}

/// `text` wrapped at [`width`] on a terminal, as it is elsewhere: see [`wrap_at`].
pub(crate) fn wrap(text: &str) -> String {
    match width() {
        Some(width) => wrap_at(text, width),
        None => text.to_owned(),
    }
}

/// `text` wrapped at [`error_width`] on a terminal, as it is elsewhere.
pub(crate) fn wrap_error(text: &str) -> String {
    match error_width() {
        Some(width) => wrap_at(text, width),
        None => text.to_owned(),
    }
}

/// `text` wrapped at `width` columns, line by line: a line's leading spaces indent its
/// continuation lines too; words (runs without spaces, ANSI styles not counted) are never
/// broken, so a word longer than the line stands alone on its line. A line that fits is kept
/// as it is, spaces included. `O(length)` time and memory.
pub(crate) fn wrap_at(text: &str, width: usize) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            if textwrap::core::display_width(line) <= width {
                return line.to_owned();
            }
            let indent_len = line.len() - line.trim_start_matches(' ').len();
            let indent = &line[..indent_len];
            let options = textwrap::Options::new(width)
                .break_words(false)
                .word_separator(textwrap::WordSeparator::AsciiSpace)
                .initial_indent(indent)
                .subsequent_indent(indent);
            textwrap::fill(&line[indent_len..], options)
        })
        .collect();
    lines.join("\n")
}

/// `text` wrapped at `width` columns with its continuation lines indented by `indent`: a
/// note (`[1] recursive: …`) or a block's first line.
pub(crate) fn wrap_hanging(text: &str, width: usize, indent: &str) -> String {
    let options = textwrap::Options::new(width)
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .subsequent_indent(indent);
    textwrap::fill(text, options)
}

/// The width clap wraps `--help` to: `COLUMNS` when set, else the terminal's width, else 100;
/// at most 100 (clap's `max_term_width`).
pub(crate) fn help_width() -> usize {
    const CLAP_MAX: usize = 100;
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    let width = columns.or_else(|| {
        terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| usize::from(w.0))
    });
    width.unwrap_or(CLAP_MAX).min(CLAP_MAX)
}

/// clap's rendered `--help` (ANSI styles kept: they do not count in the width) with its usage
/// lines wrapped at `width`, each continuation indented under the command (`Usage: ` is seven
/// columns): clap wraps the rest of the help, not the usage. A word is never broken, so a
/// word wider than the line stands alone on its line. `O(length)`.
pub(crate) fn fit_usage(help: &str, width: usize) -> String {
    const LABEL: &str = "Usage: ";
    let lines: Vec<String> = help
        .split('\n')
        .map(|line| {
            let plain = anstream::adapter::strip_str(line).to_string();
            let is_usage = plain.starts_with(LABEL)
                || (plain.starts_with(&" ".repeat(LABEL.len())) && plain.contains("gamesolve"));
            if !is_usage || textwrap::core::display_width(line) <= width {
                return line.to_owned();
            }
            let options = textwrap::Options::new(width.max(LABEL.len() + 10))
                .break_words(false)
                .word_separator(textwrap::WordSeparator::AsciiSpace)
                .subsequent_indent("       ");
            textwrap::fill(line, options)
        })
        .collect();
    lines.join("\n")
}

/// `text` made to fit [`width`] on a terminal, as it is elsewhere: see [`fit_at`].
pub(crate) fn fit(text: &str) -> String {
    match width() {
        Some(width) => fit_at(text, width),
        None => text.to_owned(),
    }
}

/// `text` made to fit `width` columns, line by line: a structural line (a tree's branch, a
/// table's row: box-drawing characters, or columns aligned by runs of spaces after the first
/// word) is cut with `…` ([`cut_at`]), since wrapping would scramble it; any other line is
/// prose and wrapped ([`wrap_at`]). A command to copy (`e.g. gamesolve …`) is kept whole.
/// `O(length)`.
pub(crate) fn fit_at(text: &str, width: usize) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            if is_command(line) {
                line.to_owned()
            } else if is_structural(line) {
                cut_at(line, width)
            } else {
                wrap_at(line, width)
            }
        })
        .collect();
    lines.join("\n")
}

/// Whether `line` is a command to copy (`e.g. gamesolve …`), kept whole: neither wrapped nor
/// cut.
fn is_command(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("e.g. ") || line.starts_with("$ ")
}

/// Whether `line` is part of a tree or a table: it holds box-drawing characters, or an
/// aligned column (two spaces in a row after its first word).
fn is_structural(line: &str) -> bool {
    line.chars().any(|c| ('\u{2500}'..='\u{257F}').contains(&c))
        || line.trim_start().trim_end().contains("  ")
}

/// `line` cut to `width` columns with `…` when it is wider: for structural lines (trees,
/// tables), which wrapping would scramble. `O(length)`.
pub(crate) fn cut_at(line: &str, width: usize) -> String {
    if textwrap::core::display_width(line) <= width {
        return line.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in line.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// `text` in `style`, for a stream that drops styles where colour is off.
fn styled(style: Style, text: &str) -> String {
    format!("{style}{text}{style:#}")
}

/// An outcome good for the reader (a win), in green.
pub(crate) fn good(text: &str) -> String {
    styled(Style::new().fg_color(Some(AnsiColor::Green.into())), text)
}

/// An outcome bad for the reader (a loss), in red.
pub(crate) fn bad(text: &str) -> String {
    styled(Style::new().fg_color(Some(AnsiColor::Red.into())), text)
}

/// A draw, in yellow.
pub(crate) fn even(text: &str) -> String {
    styled(Style::new().fg_color(Some(AnsiColor::Yellow.into())), text)
}

/// A line refused or a request that cannot be done (`play`'s "`7` is not a legal move here"),
/// in red as the `error:` label.
pub(crate) fn refusal(text: &str) -> String {
    styled(Style::new().fg_color(Some(AnsiColor::Red.into())), text)
}

/// `error:` in bold red.
pub(crate) fn error_label() -> String {
    styled(
        Style::new().bold().fg_color(Some(AnsiColor::Red.into())),
        "error:",
    )
}

/// `warning:` in bold yellow (the server's warnings).
#[cfg_attr(not(feature = "serve"), allow(dead_code))]
pub(crate) fn warning_label() -> String {
    styled(
        Style::new().bold().fg_color(Some(AnsiColor::Yellow.into())),
        "warning:",
    )
}

/// `text` in the colour of `verdict` for the reader: a win green, a loss red, a draw yellow.
pub(crate) fn verdict(verdict: gamesolve::Verdict, text: &str) -> String {
    match verdict {
        gamesolve::Verdict::Win => good(text),
        gamesolve::Verdict::Loss => bad(text),
        gamesolve::Verdict::Draw => even(text),
    }
}

/// `text` in the colour of `outcome` for the first player (the player to move at the start): a
/// first player's win green, a second player's win red, a draw yellow.
pub(crate) fn outcome(outcome: gamesolve::Outcome, text: &str) -> String {
    match outcome {
        gamesolve::Outcome::FirstPlayerWins => good(text),
        gamesolve::Outcome::SecondPlayerWins => bad(text),
        gamesolve::Outcome::Draw => even(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_never_breaks_a_word() {
        let text = "Type a move, `hint` for the value of every move, `undo` to take back";
        let wrapped = wrap_at(text, 20);
        for line in wrapped.lines() {
            assert!(line.chars().count() <= 20, "{line:?}");
        }
        assert!(wrapped.contains("`undo`"), "{wrapped}");
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
        // A word longer than the line stands alone, whole.
        assert_eq!(wrap_at("a abcdefghij b", 5), "a\nabcdefghij\nb");
        // Indented lines keep their indent on each continuation.
        assert_eq!(wrap_at("  one two three", 9), "  one two\n  three");
        // A line that fits is untouched, spaces included.
        assert_eq!(wrap_at("5      win", 80), "5      win");
    }

    #[test]
    fn styles_do_not_count_in_the_width() {
        let text = format!("{} {} three", good("one"), bad("two"));
        assert_eq!(wrap_at(&text, 13), text);
    }

    #[test]
    fn fitting_cuts_trees_and_wraps_prose() {
        let text = "one two three four\n├─ take 1 → {1} total 1: wins\n  a  b c d e f g h";
        assert_eq!(
            fit_at(text, 10),
            "one two\nthree four\n├─ take 1…\n  a  b c …"
        );
    }

    #[test]
    fn usage_lines_are_wrapped_under_the_command() {
        let help = "Play a game.\n\nUsage: gamesolve play [OPTIONS] <COMMAND>\n\nCommands:";
        let fitted = fit_usage(help, 40);
        assert_eq!(
            fitted,
            "Play a game.\n\nUsage: gamesolve play [OPTIONS]\n       <COMMAND>\n\nCommands:"
        );
        // Styles do not count in the width, and a usage line that fits is kept.
        let styled = "\u{1b}[1mUsage:\u{1b}[0m gamesolve play <COMMAND>";
        assert_eq!(fit_usage(styled, 40), styled);
    }

    #[test]
    fn cutting_marks_the_cut() {
        assert_eq!(cut_at("abcdef", 4), "abc…");
        assert_eq!(cut_at("abc", 4), "abc");
    }

    #[cfg(feature = "cli")]
    #[test]
    fn color_flag_is_read_before_parsing() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            ColorWhen::from_args(&args(&["g", "--color", "never"])),
            ColorWhen::Never
        );
        assert_eq!(
            ColorWhen::from_args(&args(&["g", "x", "--color=always"])),
            ColorWhen::Always
        );
        assert_eq!(
            ColorWhen::from_args(&args(&["g", "--", "--color=always"])),
            ColorWhen::Auto
        );
    }
}
