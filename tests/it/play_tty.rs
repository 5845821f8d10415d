//! `gamesolve play` on a terminal (issue 30): driven through a pseudo-terminal, so that it
//! runs its line editor. An arrow key moves in the line or recalls the last move (never
//! echoed or read as a move), a terminal's reply to an escape is dropped, Tab completes the
//! legal moves, Ctrl-C clears the line and a second Ctrl-C ends the game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;
use std::time::Duration;

use expectrl::{Eof, Expect, Session};

/// `gamesolve play ARGS` on a new pseudo-terminal, 80 columns wide as the terminal says.
fn play_on_a_terminal(args: &[&str]) -> expectrl::session::OsSession {
    let mut command = Command::new(crate::common::cli::bin());
    command
        .arg("play")
        .args(args)
        .env("TERM", "xterm-256color")
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE");
    let mut session = Session::spawn(command).expect("a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(20)));
    session
}

/// Waits for `text` and returns what came before it, as text.
fn until(session: &mut expectrl::session::OsSession, text: &str) -> String {
    let found = session
        .expect(text)
        .unwrap_or_else(|e| panic!("waiting for {text:?}: {e}"));
    String::from_utf8_lossy(found.before()).into_owned()
}

#[test]
fn arrows_tab_and_ctrl_c_on_a_terminal() {
    const UP: &str = "\x1b[A";
    const LEFT: &str = "\x1b[D";
    // (5, 11): the computer answers 3 with 1, leaving 2, 4 and 5.
    let mut p = play_on_a_terminal(&["can-i-win", "5", "11", "--first", "human"]);
    until(&mut p, "Your move> ");
    p.send("3\r").unwrap();
    until(&mut p, "Computer takes 1: total 4 of 11");
    until(&mut p, "Your move> ");

    // Up recalls the last move: 3 again, now taken.
    p.send(UP).unwrap();
    p.send("\r").unwrap();
    until(&mut p, "3 is already taken");
    until(&mut p, "Your move> ");

    // Left moves the cursor: `x` lands before the `4`, and nothing of the escape is typed.
    p.send("4").unwrap();
    p.send(LEFT).unwrap();
    p.send("x\r").unwrap();
    let said = until(&mut p, "is not a legal move here");
    assert!(said.ends_with("`x4` "), "{said:?}");
    until(&mut p, "Your move> ");

    // A terminal's reply to an escape (device attributes) is not a move.
    p.send("\x1b[?1;2c").unwrap();
    p.send("hint\r").unwrap();
    let said = until(&mut p, "Hint (each move's value for you, best first");
    assert!(!said.contains("?1;2c"), "{said:?}");
    until(&mut p, "Your move> ");

    // Tab completes `t` to `take `, the words every legal move starts with.
    p.send("t\t").unwrap();
    p.send("9\r").unwrap();
    let said = until(&mut p, "is not a legal move here");
    assert!(said.ends_with("`take 9` "), "{said:?}");
    until(&mut p, "Your move> ");

    // Ctrl-U kills the whole line, even with the cursor at its start (issue 45): `x` alone
    // is read, not `x4` (rustyline's default kills only what is before the cursor).
    p.send("4").unwrap();
    p.send(LEFT).unwrap();
    p.send("\x15").unwrap();
    p.send("x\r").unwrap();
    let said = until(&mut p, "is not a legal move here");
    assert!(said.ends_with("`x` "), "{said:?}");
    until(&mut p, "Your move> ");

    // Ctrl-C clears the line (what was typed is not played); a second one ends the game,
    // with the status of an interrupted program (issue 45: it was 0).
    p.send("5").unwrap();
    p.send("\x03").unwrap();
    until(&mut p, "(Ctrl-C again, or Ctrl-D, ends the game.)");
    until(&mut p, "Your move> ");
    p.send("\x03").unwrap();
    let said = until(&mut p, "Interrupted: game abandoned.");
    assert!(!said.contains("You take 5"), "{said:?}");
    p.expect(Eof).unwrap();
    let pid = p.get_process().pid();
    let status = p.get_process().wait().unwrap();
    assert_eq!(
        status,
        expectrl::process::unix::WaitStatus::Exited(pid, 130),
        "Ctrl-C twice exits 130"
    );
}

#[test]
fn ctrl_d_ends_the_game_on_a_terminal() {
    let mut p = play_on_a_terminal(&["predict-the-winner", "1", "5", "233", "7"]);
    until(&mut p, "[y/n] ");
    p.send("y\r").unwrap();
    until(&mut p, "Your move> ");
    p.send("r\r").unwrap();
    until(&mut p, "You take the right end (7)");
    until(&mut p, "Your move> ");
    p.send("\x04").unwrap();
    until(&mut p, "End of input: game abandoned.");
    p.expect(Eof).unwrap();
}
