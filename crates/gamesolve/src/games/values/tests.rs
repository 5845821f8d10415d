//! The parser's rules, its error messages, and its equivalence with the CLI's former parser
//! (kept here as the reference: the command line now reads its words with [`parse_values`]).

use super::parser::{digits_value, leading_digits};
use super::*;
use proptest::prelude::*;

/// The CLI's former parser, copied from `src/cli/input.rs` (`parse_values` and
/// `parse_value`, with `CliError` replaced by its message) before the command line
/// moved to this module's parser, kept as the reference the streaming parser must match: same accepted inputs, same
/// values, same first error. Since issue 23 (a value of 30 MB of digits was
/// read whole, in quadratic time) both apply the length rule
/// (`MAX_VALUE_BYTES`): [`cli_parse_value`] judges a longer value by its
/// beginning and shows it cut.
fn cli_parse_values(text: &str) -> Result<Vec<i64>, String> {
    let mut body = text.trim();
    if let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        body = inner;
    }
    let fields: Vec<&str> = body.split(',').collect();
    let last = fields.len() - 1;
    let mut values = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        let before = values.len();
        for token in field.split_whitespace() {
            values.push(cli_parse_value(token, values.len() + 1)?);
        }
        let empty = values.len() == before;
        if empty && fields.len() > 1 && !(index == last && index > 0) {
            return Err(format!(
                "value #{} is empty: two commas with nothing between them, or a leading comma",
                values.len() + 1
            ));
        }
    }
    Ok(values)
}

fn cli_parse_value(token: &str, position: usize) -> Result<i64, String> {
    let (head, shown) = if token.len() > MAX_VALUE_BYTES {
        let mut cut = MAX_VALUE_BYTES;
        while !token.is_char_boundary(cut) {
            cut -= 1;
        }
        (&token[..cut], format!("{}…", &token[..cut]))
    } else {
        (token, token.to_owned())
    };
    let problem = match head.parse::<i64>() {
        Ok(value) if head.len() == token.len() => return Ok(value),
        Ok(_) => "is too long",
        Err(e) => match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                "is out of range"
            }
            _ => "is not an integer",
        },
    };
    let written = if problem == "is too long" {
        format!(", written in at most {MAX_VALUE_BYTES} characters")
    } else {
        String::new()
    };
    Err(format!(
        "value #{position} = {shown} {problem}: values must be whole numbers in {}..={}{written}",
        i64::MIN,
        i64::MAX
    ))
}

fn parse(text: &str) -> Result<Vec<i64>, String> {
    parse_values_from_reader(text.as_bytes()).map_err(|e| e.to_string())
}

/// A reader handing out at most `step` bytes per read, to cut values and
/// characters at every possible place.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn parse_trickle(text: &str, step: usize) -> Result<Vec<i64>, String> {
    let reader = Trickle {
        bytes: text.as_bytes(),
        step,
    };
    parse_values_from_reader(reader).map_err(|e| e.to_string())
}

/// Every case of the CLI's own tests (`src/cli/input.rs`), then the
/// corners of the bracket, comma and sign rules. `Ok` or the CLI's
/// exact error message.
const CASES: &[&str] = &[
    // The CLI's `separators` test.
    "1 5 233 7",
    "1,5,233,7",
    "1, 5, 233, 7,",
    "[1,5,233,7]",
    " [ 1, 5,\n233,\t7 ] \n",
    "1\n5\n233\n7\n",
    "1 5, 233 7",
    "",
    "  \n",
    "[]",
    "-3 +5 -2",
    // The CLI's `errors_name_value_and_position` test.
    "1,,2",
    ",1",
    ",",
    "1,2,,",
    "1 2 9223372036854775808",
    "1 x",
    "-9223372036854775808 9223372036854775807",
    // Brackets.
    "[",
    "]",
    "[ ]",
    "[,]",
    "[1,]",
    "[1,,]",
    "[1,,2]",
    "[1,2",
    "[ 1, 2",
    "1,2]",
    "[[1]]",
    "[[1]",
    "[1]]",
    "[1] 2]",
    "[1]2]",
    "[1] 2",
    "[1],2]",
    "[1 ]2]",
    "[1 x]",
    "[1 x",
    "[x",
    "[,1",
    "[,1]",
    "[1]\u{a0}",
    "\u{3000}[1,2]\u{2028}",
    "[1]x",
    "[1, 2] ,",
    "[ 99999999999999999999 ]",
    // Regression (found by `agrees_with_the_cli_parser`): a value ending
    // in `]` that is not the closing bracket is out of range, not "not
    // an integer", when its digits overflow before the `]`.
    "[9223372036854775808],]",
    "[1, 99999999999999999999] 2]",
    "[99999999999999999999",
    "x [1]",
    // Signs, digits, widths.
    "+",
    "-",
    "+-5",
    "--5",
    "007 -000",
    "-0",
    "9223372036854775807",
    "-9223372036854775809",
    "99999999999999999999x",
    "9223372036854775807x",
    "123456789012345678 1234567890123456789 -1234567890123456789",
    "00000000000000000000000000000042",
    "1e3",
    "1.5",
    "0x10",
    "1_000",
    // Separators: vertical tab, form feed, Unicode spaces, NEL.
    "1\x0b2\x0c3\r\n4",
    "1\u{a0}2\u{2003}3\u{85}4",
    "1\u{feff}",
    "\u{feff}1",
    "1\x1c2",
    "1 ,2 , 3",
    "1,\n",
    "1,\n,",
    "1 2 3,",
    "é",
    "1,é,2",
];

#[test]
fn matches_the_cli_parser_on_every_case() {
    for text in CASES {
        let expected = cli_parse_values(text);
        assert_eq!(parse(text), expected, "{text:?}");
        assert_eq!(
            parse_values(text).map_err(|e| e.to_string()),
            expected,
            "{text:?}"
        );
        for step in [1, 2, 3, 7] {
            assert_eq!(parse_trickle(text, step), expected, "{text:?} by {step}");
        }
    }
}

#[test]
fn values_and_messages() {
    assert_eq!(parse("[1,5,233,7]").unwrap(), [1, 5, 233, 7]);
    assert_eq!(parse(" [ 1, 5,\n233,\t7 ] \n").unwrap(), [1, 5, 233, 7]);
    assert_eq!(parse("[]").unwrap(), Vec::<i64>::new());
    assert_eq!(parse("1,").unwrap(), [1]);
    assert_eq!(parse("-3 +5 -2").unwrap(), [-3, 5, -2]);
    assert_eq!(
        parse("-9223372036854775808 9223372036854775807").unwrap(),
        [i64::MIN, i64::MAX]
    );
    assert_eq!(
        parse("1,,2").unwrap_err(),
        "value #2 is empty: two commas with nothing between them, or a leading comma"
    );
    assert_eq!(
        parse("1 x").unwrap_err(),
        "value #2 = x is not an integer: values must be whole numbers in \
         -9223372036854775808..=9223372036854775807"
    );
    assert_eq!(
        parse("1 -9223372036854775809").unwrap_err(),
        "value #2 = -9223372036854775809 is out of range: values must be whole numbers in \
         -9223372036854775808..=9223372036854775807"
    );
    // An unclosed bracket belongs to the first value.
    assert_eq!(
        parse("[1,2").unwrap_err(),
        "value #1 = [1 is not an integer: values must be whole numbers in \
         -9223372036854775808..=9223372036854775807"
    );
}

#[test]
fn typed_errors_carry_index_text_and_range() {
    let err = parse_values_from_reader("1 2 9223372036854775808".as_bytes()).unwrap_err();
    match err {
        ValuesError::OutOfRange {
            index,
            text,
            min,
            max,
        } => {
            assert_eq!((index, text.as_str()), (3, "9223372036854775808"));
            assert_eq!((min, max), (i64::MIN, i64::MAX));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parse_values_from_reader("1,,2".as_bytes()),
        Err(ValuesError::Empty { index: 2 })
    ));
    assert!(matches!(
        parse_values_from_reader("7 +".as_bytes()),
        Err(ValuesError::NotAnInteger { index: 2, ref text, .. }) if text == "+"
    ));
}

#[test]
fn every_digit_count_on_the_fast_and_slow_paths() {
    // 1 to 19 digits, both signs, leading zeros: the 8-byte and 16-byte
    // fast paths, the digit-at-a-time path near the end of the buffer,
    // and `str::parse` beyond 16 digits.
    let mut values = Vec::new();
    let mut texts = Vec::new();
    for digits in 1..=19u32 {
        let largest = if digits == 19 {
            i64::MAX
        } else {
            10i64.pow(digits) - 1
        };
        for v in [largest, 10i64.pow(digits - 1), -largest] {
            values.push(v);
            texts.push(v.to_string());
        }
        texts.push(format!("+{}", "0".repeat(digits as usize)));
        values.push(0);
    }
    let text = texts.join(" ");
    assert_eq!(parse(&text).unwrap(), values);
    for step in [1, 5, 9, 17] {
        assert_eq!(parse_trickle(&text, step).unwrap(), values, "by {step}");
    }
    for n in 1..=8 {
        let chunk = u64::from_le_bytes(*b"12345678");
        assert_eq!(
            digits_value(chunk, n),
            "12345678"[..n].parse::<u64>().unwrap()
        );
        assert_eq!(leading_digits(chunk), 8);
    }
    assert_eq!(leading_digits(u64::from_le_bytes(*b"123 5678")), 3);
    assert_eq!(leading_digits(u64::from_le_bytes(*b"9:\xff/0000")), 1);
    assert_eq!(leading_digits(u64::from_le_bytes(*b"/0000000")), 0);
}

#[test]
fn invalid_utf8_names_the_byte_offset() {
    let mut bytes = b"1 2 ".to_vec();
    bytes.extend_from_slice(&[0xFF, b' ', b'3']);
    let err = parse_values_from_reader(&bytes[..]).unwrap_err();
    assert!(
        matches!(err, ValuesError::InvalidUtf8 { offset: 4 }),
        "{err:?}"
    );
    assert!(err.to_string().contains("offset 4"), "{err}");
    // Cut in the middle of a character at the end of the input.
    let err = parse_values_from_reader(&b"1 \xC3"[..]).unwrap_err();
    assert!(
        matches!(err, ValuesError::InvalidUtf8 { offset: 2 }),
        "{err:?}"
    );
    // Inside a value.
    let err = parse_values_from_reader(&b"12\xE2\x82 3"[..]).unwrap_err();
    assert!(
        matches!(err, ValuesError::InvalidUtf8 { offset: 2 }),
        "{err:?}"
    );
    // A valid character cut by every read boundary is fine.
    for step in 1..=4 {
        let reader = Trickle {
            bytes: "1\u{3000}2\u{a0}3".as_bytes(),
            step,
        };
        assert_eq!(parse_values_from_reader(reader).unwrap(), [1, 2, 3]);
    }
}

/// Issue 23: a value longer than the buffer was read whole, rescanned from its start on every
/// read (6.7 s for 30 MB of digits from a pipe), and grew the buffer without bound.
#[test]
fn a_value_longer_than_the_limit_is_refused_by_its_beginning() {
    // Leading zeros within the limit are still allowed.
    let zeros = "0".repeat(MAX_VALUE_BYTES - 2);
    assert_eq!(parse(&format!("5 {zeros}42 6")).unwrap(), [5, 42, 6]);
    assert_eq!(parse(&format!("[5, {zeros}42]")).unwrap(), [5, 42]);
    // Beyond it, even a valid one is refused, naming the limit.
    let text = format!("5 {}42 6", "0".repeat(3 * BUFFER_BYTES));
    assert_eq!(
        parse(&text).unwrap_err(),
        format!(
            "value #2 = {}… is too long: values must be whole numbers in \
             -9223372036854775808..=9223372036854775807, written in at most 100 characters",
            "0".repeat(100)
        )
    );
    let text = format!("5 {}x", "1".repeat(BUFFER_BYTES + 10));
    let err = parse_values_from_reader(text.as_bytes()).unwrap_err();
    match err {
        ValuesError::OutOfRange { index: 2, text, .. } => {
            assert_eq!(text, format!("{}…", "1".repeat(100)));
        }
        other => panic!("{other:?}"),
    }
    let err = parse(&format!("x{}", "1".repeat(200))).unwrap_err();
    assert!(err.starts_with("value #1 = x111"), "{err}");
    assert!(err.contains("1… is not an integer"), "{err}");
}

/// A reader of `left` bytes of `byte`, counting the bytes it hands out.
struct Endless {
    byte: u8,
    left: u64,
    served: u64,
}

impl Read for Endless {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = out
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        out[..n].fill(self.byte);
        self.left -= n as u64;
        self.served += n as u64;
        Ok(n)
    }
}

/// Issue 23: a long value is refused once its first bytes are read, whatever follows: the
/// work is bounded by the limit, not the input (a 1 TB run of digits costs one read).
#[test]
fn a_huge_value_is_refused_after_one_read() {
    let mut reader = Endless {
        byte: b'7',
        left: 1 << 40,
        served: 0,
    };
    let err = parse_values_from_reader(&mut reader).unwrap_err();
    assert!(
        matches!(err, ValuesError::OutOfRange { index: 1, .. }),
        "{err:?}"
    );
    assert_eq!(reader.served, BUFFER_BYTES as u64);
}

/// [`Trickle`] counting its reads.
struct CountingTrickle<'a, 'r> {
    bytes: &'a [u8],
    step: usize,
    reads: &'r mut usize,
}

impl Read for CountingTrickle<'_, '_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        *self.reads += 1;
        let n = self.step.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Issue 23: with an open bracket the rest of the text is still read (is the bracket closed?),
/// now in one pass. 16 MiB of digits handed out 1 KiB at a time, as a pipe does, used to be
/// rescanned from the value's start on every read: 16,384 reads of 8 MiB on average, over
/// 10^11 steps, minutes in a test build; now each read is consumed whole, and every byte is
/// read (the count of reads shows the whole input was consumed, once).
#[test]
fn a_long_value_in_brackets_is_read_in_one_pass() {
    let text = format!("[1, {}]", "7".repeat(16 << 20));
    let mut reads = 0;
    let reader = CountingTrickle {
        bytes: text.as_bytes(),
        step: 1024,
        reads: &mut reads,
    };
    let err = parse_values_from_reader(reader).unwrap_err();
    assert!(
        matches!(err, ValuesError::OutOfRange { index: 2, .. }),
        "{err:?}"
    );
    assert_eq!(reads, text.len().div_ceil(1024) + 1);
}

/// Issue 23: the values grew without bound (a 400 MB file aborted under a 1 GiB address-space
/// limit); now the memory cap bounds them, checked as they are read.
#[test]
fn the_memory_cap_bounds_the_values() {
    assert_eq!(
        parse_values_from_reader_with_cap("1 2 3".as_bytes(), 24).unwrap(),
        [1, 2, 3]
    );
    // Blank input and no values need no memory.
    assert!(parse_values_from_reader_with_cap(" [ ] ".as_bytes(), 0)
        .unwrap()
        .is_empty());
    for text in ["1 2 3", "1,2,3", "[1, 2, 3]", "1 2 +3", "1 2 00003"] {
        let err = parse_values_from_reader_with_cap(text.as_bytes(), 16).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the row has more than 2 values, which at 8 bytes each exceeds the memory cap of \
             16 bytes",
            "{text:?}"
        );
    }
    // 300,000 values against a cap of 100,000: refused, through the fast path.
    let text = "1 ".repeat(300_000);
    let err = parse_values_from_reader_with_cap(text.as_bytes(), 800_000).unwrap_err();
    assert!(
        matches!(
            err,
            ValuesError::TooManyValues {
                max_values: 100_000,
                memory_cap_bytes: 800_000
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        parse_values_from_reader_with_cap(text.as_bytes(), 2_400_000)
            .unwrap()
            .len(),
        300_000
    );
}

#[test]
fn values_across_buffer_boundaries() {
    // 300,000 values, about 2.4 MB: many 64 KiB boundaries, each
    // landing somewhere in a value or a separator.
    let values: Vec<i64> = (0..300_000i64)
        .map(|k| (k * 7919) % 20_000_003 - 10_000_000)
        .collect();
    let text = values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(parse(&format!("[{text}]")).unwrap(), values);
    assert_eq!(parse(&text).unwrap(), values);
}

#[test]
fn reader_errors_are_reported_and_interrupts_retried() {
    struct Failing(u32);
    impl Read for Failing {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.0 += 1;
            match self.0 {
                1 => Err(io::Error::from(io::ErrorKind::Interrupted)),
                2 => {
                    out[..2].copy_from_slice(b"1 ");
                    Ok(2)
                }
                _ => Err(io::Error::other("disk on fire")),
            }
        }
    }
    let err = parse_values_from_reader(Failing(0)).unwrap_err();
    assert!(matches!(err, ValuesError::Io(_)), "{err:?}");
    assert_eq!(err.to_string(), "cannot read the values: disk on fire");
}

/// 4096 cases, or `PROPTEST_CASES`.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(4096);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]
    /// Random texts over the characters that matter agree with the CLI's
    /// parser, read in one go and a few bytes at a time.
    #[test]
    fn agrees_with_the_cli_parser(
        pieces in prop::collection::vec(
            prop::sample::select(vec![
                "0", "1", "7", "42", "-", "+", ",", " ", "\n", "\t", "[", "]", "x",
                "\u{a0}", "9223372036854775807", "9223372036854775808",
                "-9223372036854775808", "00", "é", "\u{3000}", "\x0b",
                "99999999999999999999", "1234567890123456",
            ]),
            0..24,
        ),
        step in 1usize..=5,
    ) {
        let text: String = pieces.concat();
        let expected = cli_parse_values(&text);
        prop_assert_eq!(parse(&text), expected.clone(), "{:?}", text);
        prop_assert_eq!(parse_trickle(&text, step), expected, "{:?} by {}", text, step);
    }

    /// Well-formed lists always parse back to their values.
    #[test]
    fn round_trips(
        values in prop::collection::vec(any::<i64>(), 0..50),
        bracket in any::<bool>(),
        comma in any::<bool>(),
        trailing in any::<bool>(),
    ) {
        let separator = if comma { ", " } else { " " };
        let mut text = values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(separator);
        if trailing && comma && !values.is_empty() {
            text.push(',');
        }
        if bracket {
            text = format!("[{text}]");
        }
        prop_assert_eq!(parse(&text), Ok(values));
    }
}
