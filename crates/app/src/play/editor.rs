//! `play`'s lines on a terminal: a line editor, so that arrow keys move in the line instead
//! of being echoed as escape codes, Up recalls the last move, Tab completes the legal moves,
//! and Ctrl-C clears the line.
//!
//! The editor is [`rustyline`] rather than reedline: `play` reads one short line at a time
//! in a loop that writes ordinary output between prompts, which is rustyline's model
//! (`readline(prompt)` returns a line, and writes nothing else); reedline is built for a
//! shell's full-screen prompt (menus, a painter that owns the screen), brings crossterm and
//! more dependencies, and would need its own output discipline. rustyline without default
//! features keeps history in memory only (nothing is written to a file) and reads the
//! terminal's keys itself. It stops reading an escape sequence it does not know after its
//! first bytes (`ESC [ ?` of a terminal's reply `ESC [ ? 1 ; 2 c`), so [`DropEscapes`]
//! swallows the rest: an escape sequence is never echoed or returned as text.
//!
//! Ctrl-C clears the line; a second Ctrl-C in a row ends the game ("Interrupted: game
//! abandoned.", exit status 130), and Ctrl-D on an empty line ends it as the end of piped
//! input does ("End of input: game abandoned."). Ctrl-U kills the whole line, wherever the
//! cursor is (rustyline's default kills only what is before the cursor).

use std::cell::RefCell;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, CompletionType, ConditionalEventHandler, Config, Context, Editor, Event, EventContext,
    EventHandler, Helper, KeyCode, KeyEvent, Movement, RepeatCount,
};

use super::session::{refuse, too_long, Lines, MAX_LINE_BYTES};
use crate::error::{CliError, Kind, Stop};

/// The words Tab completes at the current prompt.
#[derive(Default)]
struct Words(RefCell<Vec<String>>);

impl Completer for Words {
    type Candidate = String;

    /// The words that begin with what is typed before the cursor (letter case aside), the
    /// whole line being one word (`take 3` has a space): all of them on an empty line.
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let typed = line.get(..pos).unwrap_or(line).trim_start().to_lowercase();
        let start = line.len() - line.trim_start().len();
        let mut found: Vec<String> = Vec::new();
        for word in self.0.borrow().iter() {
            if word.to_lowercase().starts_with(&typed) && !found.contains(word) {
                found.push(word.clone());
            }
        }
        Ok((start.min(pos), found))
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Highlighter for Words {}

impl Validator for Words {}

impl Helper for Words {}

/// How soon after an unknown escape sequence its remaining bytes arrive: a terminal writes a
/// reply at once, while a person's next key comes much later.
const ESCAPE_TAIL: Duration = Duration::from_millis(50);

/// Swallows what rustyline leaves of an escape sequence it does not know: after its
/// `UnknownEscSeq` key, the characters a CSI sequence goes on with (parameters and
/// intermediates, `0x20..=0x3F`, up to a final byte `0x40..=0x7E`) arriving within
/// [`ESCAPE_TAIL`]. Any other key ends the swallowing and is handled as usual.
#[derive(Default)]
struct DropEscapes {
    /// When the last byte of an unfinished unknown sequence was read.
    since: Mutex<Option<Instant>>,
}

impl ConditionalEventHandler for DropEscapes {
    fn handle(
        &self,
        evt: &Event,
        _n: RepeatCount,
        _positive: bool,
        _ctx: &EventContext<'_>,
    ) -> Option<Cmd> {
        let mut since = self.since.lock().unwrap_or_else(|e| e.into_inner());
        let key = evt.get(0)?;
        if key.0 == KeyCode::UnknownEscSeq {
            *since = Some(Instant::now());
            return Some(Cmd::Noop);
        }
        let recent = since.is_some_and(|t| t.elapsed() <= ESCAPE_TAIL);
        match key.0 {
            KeyCode::Char(c) if recent && (' '..='?').contains(&c) => {
                *since = Some(Instant::now());
                Some(Cmd::Noop)
            }
            KeyCode::Char(c) if recent && ('@'..='~').contains(&c) => {
                *since = None;
                Some(Cmd::Noop)
            }
            _ => {
                *since = None;
                None
            }
        }
    }
}

/// Lines from a terminal, through the line editor.
pub(crate) struct Edited {
    editor: Editor<Words, DefaultHistory>,
    /// Whether the game was ended by a second Ctrl-C.
    interrupted: bool,
}

impl Edited {
    /// The editor on the process's terminal.
    ///
    /// # Errors
    ///
    /// An I/O error when the terminal cannot be set up.
    pub(crate) fn new() -> Result<Self, CliError> {
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .auto_add_history(false)
            .max_history_size(1000)
            .map_err(|e| terminal_error(&e))?
            .build();
        let mut editor =
            Editor::<Words, DefaultHistory>::with_config(config).map_err(|e| terminal_error(&e))?;
        editor.set_helper(Some(Words::default()));
        let _ = editor.bind_sequence(
            Event::Any,
            EventHandler::Conditional(Box::new(DropEscapes::default())),
        );
        let _ = editor.bind_sequence(
            KeyEvent::ctrl('U'),
            EventHandler::Simple(Cmd::Kill(Movement::WholeLine)),
        );
        Ok(Edited {
            editor,
            interrupted: false,
        })
    }
}

fn terminal_error(e: &ReadlineError) -> CliError {
    CliError::new(Kind::Io, format!("cannot read the terminal: {e}"))
}

impl Lines for Edited {
    fn read(
        &mut self,
        output: &mut dyn Write,
        prompt: &str,
        expected: &str,
        words: &[String],
    ) -> Result<Option<String>, Stop> {
        output.flush()?;
        if let Some(helper) = self.editor.helper_mut() {
            *helper.0.borrow_mut() = words.to_vec();
        }
        let mut interrupted = false;
        loop {
            match self.editor.readline(prompt) {
                Ok(line) if line.len() > MAX_LINE_BYTES => {
                    refuse(output, &too_long(line.len(), expected))?;
                    output.flush()?;
                }
                Ok(line) => return Ok(Some(line)),
                Err(ReadlineError::Interrupted) if !interrupted => {
                    // The line is cleared; a second Ctrl-C in a row ends the game.
                    interrupted = true;
                    writeln!(output, "(Ctrl-C again, or Ctrl-D, ends the game.)")?;
                    output.flush()?;
                }
                Err(ReadlineError::Interrupted) => {
                    self.interrupted = true;
                    return Ok(None);
                }
                Err(ReadlineError::Eof) => return Ok(None),
                Err(e) => return Err(Stop::Error(terminal_error(&e))),
            }
        }
    }

    fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Up recalls it; the history lives as long as the game.
    fn remember(&mut self, line: &str) {
        let _ = self.editor.add_history_entry(line);
    }
}
