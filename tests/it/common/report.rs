//! Collects every check's result so that one run shows all failures at once.

use std::fmt::Display;
use std::io::Write;

/// Failures, skips and passes of one test run.
#[derive(Debug)]
pub struct Report {
    title: String,
    failures: Vec<String>,
    skips: Vec<String>,
    notes: Vec<String>,
    checks: usize,
}

impl Report {
    /// An empty report for the test named `title`.
    pub fn new(title: impl Into<String>) -> Self {
        Report {
            title: title.into(),
            failures: vec![],
            skips: vec![],
            notes: vec![],
            checks: 0,
        }
    }

    /// Records a passed check.
    pub fn pass(&mut self) {
        self.checks += 1;
    }

    /// Records a failed check.
    pub fn fail(&mut self, message: impl Display) {
        self.checks += 1;
        self.failures.push(message.to_string());
    }

    /// Records a check that compares `got` with `want`.
    pub fn check_eq<T: PartialEq + std::fmt::Debug>(
        &mut self,
        what: impl Display,
        got: T,
        want: T,
    ) {
        if got == want {
            self.pass();
        } else {
            self.fail(format!("{what}: got {got:?}, want {want:?}"));
        }
    }

    /// Records a case a backend did not run, with the reason.
    pub fn skip(&mut self, message: impl Display) {
        self.skips.push(message.to_string());
    }

    /// Records a line of information (a timing, say), printed at the end.
    pub fn note(&mut self, message: impl Display) {
        self.notes.push(message.to_string());
    }

    /// Prints the skips and a summary, then panics listing every failure, if
    /// any.
    ///
    /// The skips and the summary go straight to the process's stderr, which
    /// the test harness does not capture, so a skip is never silent.
    pub fn finish(self) {
        let mut text = String::new();
        for note in &self.notes {
            text.push_str(&format!("[{}] {note}\n", self.title));
        }
        for skip in &self.skips {
            text.push_str(&format!("[{}] skipped: {skip}\n", self.title));
        }
        text.push_str(&format!(
            "[{}] {} checks, {} failures, {} skips\n",
            self.title,
            self.checks,
            self.failures.len(),
            self.skips.len()
        ));
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
        if !self.failures.is_empty() {
            const SHOWN: usize = 200;
            let more = self.failures.len().saturating_sub(SHOWN);
            panic!(
                "[{}] {} of {} checks failed:\n  {}{}",
                self.title,
                self.failures.len(),
                self.checks,
                self.failures[..self.failures.len().min(SHOWN)].join("\n  "),
                if more > 0 {
                    format!("\n  ... and {more} more")
                } else {
                    String::new()
                }
            );
        }
    }
}
