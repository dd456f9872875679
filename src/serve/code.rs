//! The code a friend types as the SSH password: made fresh at each start, so a server is
//! never open to whoever finds it, and checked in constant time. A code the host chooses
//! must be as hard to guess as 40 random bits.

use rand::RngExt;

/// Letters and digits that cannot be mistaken for one another when read aloud or off a
/// screen (no 0/o, 1/l/i).
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// Three groups of four: about 59 bits, far beyond guessing at one try a second.
const GROUPS: usize = 3;
const GROUP: usize = 4;

/// A fresh random code, like `kx7m-q2pd-8wrt`.
pub fn fresh() -> String {
    groups(GROUPS)
}

/// A seat ticket, like `q2pd-8wrt`: what brings a person without a key back to their seat
/// (about 39 bits, and guessed only by someone who has the code, a try a connection).
pub fn ticket() -> String {
    groups(2)
}

fn groups(count: usize) -> String {
    let mut rng = rand::rng();
    let mut letter = || char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]);
    let group = |_: usize| (0..GROUP).map(|_| letter()).collect::<String>();
    (0..count).map(group).collect::<Vec<_>>().join("-")
}

/// The fewest guesses a chosen code may fall to: 2^40, as a base-10 logarithm.
const LEAST_GUESSES_LOG10: f64 = 12.04;

/// Whether `code`, chosen by the host, is hard enough to guess; if not, why, in a line.
/// The estimate is zxcvbn's: common passwords, repeats, runs and words fall fast.
pub fn check(code: &str) -> Result<(), String> {
    let estimate = zxcvbn::zxcvbn(code, &[]);
    if estimate.guesses_log10() >= LEAST_GUESSES_LOG10 {
        return Ok(());
    }
    let why = estimate
        .feedback()
        .and_then(zxcvbn::feedback::Feedback::warning)
        .map_or_else(String::new, |warning| format!(" ({warning})"));
    Err(format!(
        "--code is too easy to guess{why}: it would fall to about 10^{:.0} guesses, and a code \
         needs 10^12. Use a longer one of unrelated words or random letters, or leave --code out \
         for a fresh random one.",
        estimate.guesses_log10().floor()
    ))
}

/// Whether `typed` is `code`, ignoring case, dashes and spaces (a code read aloud is typed
/// in many ways). The comparison takes the same time wherever the two differ.
pub fn matches(code: &str, typed: &str) -> bool {
    let (code, typed) = (normal(code), normal(typed));
    let mut differ = code.len() ^ typed.len();
    for i in 0..code.len().max(typed.len()) {
        let a = code.get(i).copied().unwrap_or(0);
        differ |= usize::from(a ^ typed.get(i).copied().unwrap_or(0));
    }
    std::hint::black_box(differ) == 0
}

fn normal(text: &str) -> Vec<u8> {
    text.bytes()
        .filter(|b| !matches!(b, b'-' | b' '))
        .map(|b| b.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_three_groups_from_the_alphabet_and_fresh_each_time() {
        let code = fresh();
        let groups: Vec<&str> = code.split('-').collect();
        assert_eq!(groups.len(), GROUPS, "{code}");
        assert!(groups.iter().all(|g| g.len() == GROUP), "{code}");
        assert!(code.bytes().all(|b| b == b'-' || ALPHABET.contains(&b)));
        assert_ne!(fresh(), fresh());
    }

    #[test]
    fn weak_codes_are_refused_with_why_and_fresh_ones_pass() {
        for weak in [
            "password",
            "12345678",
            "aaaaaaaa",
            "qwertyuiop",
            "test-code",
        ] {
            let refused = check(weak).expect_err(weak);
            assert!(
                refused.starts_with("--code is too easy to guess"),
                "{refused}"
            );
        }
        assert!(check("password").unwrap_err().contains("common password"));
        assert_eq!(check(&fresh()), Ok(()));
        assert_eq!(check("correct horse battery staple"), Ok(()));
    }

    #[test]
    fn the_code_matches_however_it_is_typed_and_nothing_else_does() {
        assert!(matches("kx7m-q2pd-8wrt", "kx7m-q2pd-8wrt"));
        assert!(matches("kx7m-q2pd-8wrt", "KX7M Q2PD 8WRT"));
        assert!(matches("kx7m-q2pd-8wrt", "kx7mq2pd8wrt"));
        assert!(!matches("kx7m-q2pd-8wrt", "kx7m-q2pd-8wrx"));
        assert!(!matches("kx7m-q2pd-8wrt", "kx7m-q2pd-8wr"));
        assert!(!matches("kx7m-q2pd-8wrt", "kx7m-q2pd-8wrtt"));
        assert!(!matches("kx7m-q2pd-8wrt", ""));
    }
}
