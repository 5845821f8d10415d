//! The request framing check: a request whose length is ambiguous (both `Content-Length` and
//! `Transfer-Encoding`, `Content-Length`s that disagree, or a transfer coding other than
//! `chunked` alone) gets 400 and its connection is closed, so no byte after it can be read
//! as another request (request smuggling).
//!
//! hyper already refuses conflicting lengths and a coding whose last one is not `chunked`,
//! and closes the connection after a request with both headers; but it *serves* that request
//! (by its chunked body, with the `Content-Length` header removed) and accepts
//! `Transfer-Encoding: gzip, chunked`. The service cannot see what hyper removed, so
//! [`Checked`] follows the bytes of the connection as they are read: it finds each request's
//! head, judges its framing, and skips its body (by length or chunk by chunk) to find the
//! next head. The service takes the judgements in order from [`Verdicts`], one per request.
//! When the bytes stop making sense here, the check stops (hyper refuses such a request
//! itself and closes the connection).
//!
//! # Complexity
//!
//! Head bytes are looked at once each (at most [`MAX_LINE`] of a head line-free run,
//! `MAX_HEAD` of a head); body bytes are skipped by count, in O(1) per read. Memory: one head
//! (at most 16 KiB) per connection while it arrives.

use std::collections::VecDeque;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The largest request head (request line and headers), in bytes; 431 beyond.
pub(super) const MAX_HEAD: usize = 16 << 10;
/// Headers a request may have at most; 431 beyond.
pub(super) const MAX_HEADERS: usize = 64;

/// The longest chunk-size or trailer line followed.
const MAX_LINE: usize = 4 << 10;

/// The judgements of a connection's requests, in order: `Some(why)` for a request to refuse.
#[derive(Clone, Default)]
pub(super) struct Verdicts(Arc<Mutex<VecDeque<Option<String>>>>);

impl Verdicts {
    fn push(&self, verdict: Option<String>) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push_back(verdict);
    }

    /// Why the next request is refused, if it is.
    pub(super) fn next(&self) -> Option<String> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front()
            .flatten()
    }
}

/// A connection's stream, read through the framing check.
pub(super) struct Checked<S> {
    inner: S,
    tracker: Tracker,
    verdicts: Verdicts,
}

impl<S> Checked<S> {
    pub(super) fn new(inner: S, verdicts: Verdicts) -> Self {
        Checked {
            inner,
            tracker: Tracker::Head(Vec::new()),
            verdicts,
        }
    }

    pub(super) fn into_inner(self) -> S {
        self.inner
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Checked<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = polled {
            this.tracker.feed(&buf.filled()[before..], &this.verdicts);
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Checked<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// Where in the stream of requests the bytes read so far end.
#[derive(Debug, PartialEq, Eq)]
enum Tracker {
    /// In a request head (the bytes so far).
    Head(Vec<u8>),
    /// In a body of known length: the bytes left.
    Body(u64),
    /// In a chunked body: a chunk-size line (the bytes so far).
    ChunkSize(Vec<u8>),
    /// In a chunk's data: the bytes left.
    ChunkData(u64),
    /// In the trailer section after the last chunk (the current line so far).
    Trailers(Vec<u8>),
    /// Not followed any more: a request refused (its connection closes) or bytes hyper refuses.
    Stopped,
}

impl Tracker {
    /// Follows `bytes`, judging each request head completed in them.
    fn feed(&mut self, mut bytes: &[u8], verdicts: &Verdicts) {
        while !bytes.is_empty() {
            match self {
                Tracker::Stopped => return,
                Tracker::Body(left) | Tracker::ChunkData(left) => {
                    let skipped = usize::try_from(*left)
                        .unwrap_or(usize::MAX)
                        .min(bytes.len());
                    *left -= skipped as u64;
                    bytes = &bytes[skipped..];
                    if *left == 0 {
                        *self = match self {
                            Tracker::Body(_) => Tracker::Head(Vec::new()),
                            _ => Tracker::ChunkSize(Vec::new()),
                        };
                    }
                }
                Tracker::Head(head) => {
                    let byte = bytes[0];
                    bytes = &bytes[1..];
                    // Empty lines before a request line are ignored.
                    if head.is_empty() && (byte == b'\r' || byte == b'\n') {
                        continue;
                    }
                    head.push(byte);
                    if head.len() > MAX_HEAD {
                        *self = Tracker::Stopped;
                    } else if head.ends_with(b"\r\n\r\n") || head.ends_with(b"\n\n") {
                        let (verdict, next) = judge(head);
                        verdicts.push(verdict);
                        *self = next;
                    }
                }
                Tracker::ChunkSize(line) => {
                    let byte = bytes[0];
                    bytes = &bytes[1..];
                    match next_line(line, byte) {
                        Line::More => {}
                        Line::TooLong => *self = Tracker::Stopped,
                        // The line break after a chunk's data ends an empty "line".
                        Line::Done(text) if text.is_empty() => {}
                        Line::Done(text) => {
                            *self = match chunk_size(&text) {
                                Some(0) => Tracker::Trailers(Vec::new()),
                                Some(size) => Tracker::ChunkData(size),
                                None => Tracker::Stopped,
                            }
                        }
                    }
                }
                Tracker::Trailers(line) => {
                    let byte = bytes[0];
                    bytes = &bytes[1..];
                    match next_line(line, byte) {
                        Line::More | Line::Done(_) => {}
                        Line::TooLong => *self = Tracker::Stopped,
                    }
                    if line_ended_section(self) {
                        *self = Tracker::Head(Vec::new());
                    }
                }
            }
        }
    }
}

/// One more byte of a line.
enum Line {
    More,
    TooLong,
    /// The line, without its line break.
    Done(Vec<u8>),
}

fn next_line(line: &mut Vec<u8>, byte: u8) -> Line {
    if byte == b'\n' {
        let mut text = std::mem::take(line);
        if text.last() == Some(&b'\r') {
            text.pop();
        }
        // An empty line is remembered as a lone marker for the trailer section's end.
        if text.is_empty() {
            line.push(b'\n');
        }
        return Line::Done(text);
    }
    if line.first() == Some(&b'\n') {
        line.clear();
    }
    line.push(byte);
    if line.len() > MAX_LINE {
        Line::TooLong
    } else {
        Line::More
    }
}

/// Whether the trailer section has just ended (its empty line).
fn line_ended_section(tracker: &Tracker) -> bool {
    matches!(tracker, Tracker::Trailers(line) if line.as_slice() == b"\n")
}

/// The size of a chunk-size line (hexadecimal, extensions after `;` ignored).
fn chunk_size(line: &[u8]) -> Option<u64> {
    let text = std::str::from_utf8(line).ok()?;
    let size = text.split(';').next()?.trim();
    u64::from_str_radix(size, 16).ok()
}

/// The judgement of a complete request head, and where its body takes the stream.
fn judge(head: &[u8]) -> (Option<String>, Tracker) {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    if !matches!(request.parse(head), Ok(httparse::Status::Complete(_))) {
        return (None, Tracker::Stopped); // hyper refuses it too
    }
    let text = |value: &[u8]| String::from_utf8_lossy(value).trim().to_owned();
    let mut lengths = Vec::new();
    let mut codings = Vec::new();
    for header in request.headers.iter() {
        if header.name.eq_ignore_ascii_case("content-length") {
            lengths.extend(text(header.value).split(',').map(|v| v.trim().to_owned()));
        } else if header.name.eq_ignore_ascii_case("transfer-encoding") {
            codings.push(text(header.value));
        }
    }
    let refuse = |why: String| (Some(why), Tracker::Stopped);
    if !codings.is_empty() {
        if !lengths.is_empty() {
            return refuse(
                "the request has both Content-Length and Transfer-Encoding: send one of them"
                    .to_owned(),
            );
        }
        let coding = codings.join(", ");
        if !coding.eq_ignore_ascii_case("chunked") {
            return refuse(format!(
                "transfer coding `{coding}` is not supported: send the body with \
                 `Transfer-Encoding: chunked` alone or with Content-Length"
            ));
        }
        return (None, Tracker::ChunkSize(Vec::new()));
    }
    let Some(first) = lengths.first() else {
        return (None, Tracker::Head(Vec::new()));
    };
    if lengths.iter().any(|length| length != first) {
        return refuse(format!(
            "the request has conflicting Content-Length values ({})",
            lengths.join(", ")
        ));
    }
    match first.parse::<u64>() {
        Ok(0) => (None, Tracker::Head(Vec::new())),
        Ok(length) => (None, Tracker::Body(length)),
        Err(_) => refuse("Content-Length is not a whole number".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn verdicts_of(stream: &[u8], piece: usize) -> Vec<Option<String>> {
        let verdicts = Verdicts::default();
        let mut tracker = Tracker::Head(Vec::new());
        for bytes in stream.chunks(piece) {
            tracker.feed(bytes, &verdicts);
        }
        let queue = verdicts.0.lock().unwrap();
        queue.iter().cloned().collect()
    }

    #[test]
    fn follows_requests_with_bodies_by_length_and_by_chunks() {
        let stream = b"POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello\
                       POST /b HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n\
                       3;x=y\r\nabc\r\n0\r\nTrailer: 1\r\n\r\n\
                       GET /c HTTP/1.1\r\nHost: x\r\n\r\n";
        for piece in [1, 2, 7, stream.len()] {
            assert_eq!(
                verdicts_of(stream, piece),
                vec![None, None, None],
                "{piece}"
            );
        }
    }

    #[test]
    fn refuses_ambiguous_framing_and_stops_there() {
        let both = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n\
                     0\r\n\r\nGET /smuggled HTTP/1.1\r\n\r\n";
        let verdicts = verdicts_of(both, 3);
        assert_eq!(verdicts.len(), 1);
        assert!(verdicts[0].as_ref().unwrap().contains("both"));
        let gzip = b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n";
        assert!(verdicts_of(gzip, 5)[0]
            .as_ref()
            .unwrap()
            .contains("gzip, chunked"));
        let split =
            b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert!(verdicts_of(split, 5)[0]
            .as_ref()
            .unwrap()
            .contains("gzip, chunked"));
        let lengths = b"POST / HTTP/1.1\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\n";
        assert!(verdicts_of(lengths, 5)[0]
            .as_ref()
            .unwrap()
            .contains("4, 5"));
        let listed = b"POST / HTTP/1.1\r\nContent-Length: 4, 4\r\n\r\nabcd";
        assert_eq!(verdicts_of(listed, 5), vec![None]);
    }
}
