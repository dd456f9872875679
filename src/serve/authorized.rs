//! `--authorized-keys FILE`: the friends' public keys, one a line as in OpenSSH's
//! `authorized_keys`. With them, a listed key is the only way in (no code is made).

use std::path::Path;

use russh::keys::PublicKey;
use russh::keys::ssh_key::AuthorizedKeys;

use crate::core::bounded::{self, Kind};

/// A list of friends' keys: a key takes a line of some 100 bytes.
const KIND: Kind = Kind {
    name: "a list of keys",
    largest: "a key takes a line of some 100 bytes",
    file_cap: 1 << 20,
    line_cap: 64 * 1024,
};

/// The keys of a file of authorized keys, or why it cannot be used (a file that lists no
/// key would lock everyone out, and says so).
pub fn read(path: &Path) -> Result<Vec<PublicKey>, String> {
    let shown = path.display();
    let text =
        bounded::read_text_file(path, &KIND).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut keys = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(entry) = AuthorizedKeys::new(line).next().and_then(Result::ok) else {
            return Err(format!(
                "{shown}, line {}: not a public key (a line reads like `ssh-ed25519 AAAA... \
                 name`)",
                number + 1
            ));
        };
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(format!("{shown} lists no key: nobody could join"));
    }
    Ok(keys)
}

/// Whether `offered` is one of `keys` (its key itself; the comment does not count).
pub fn listed(keys: &[PublicKey], offered: &PublicKey) -> bool {
    keys.iter().any(|key| key.key_data() == offered.key_data())
}

#[cfg(test)]
mod tests {
    use super::*;
    use russh::keys::{Algorithm, PrivateKey};

    fn line(key: &PrivateKey, comment: &str) -> String {
        let mut public = key.public_key().clone();
        public.set_comment(comment);
        public.to_openssh().unwrap()
    }

    #[test]
    fn listed_keys_are_read_and_only_they_match() {
        let friend = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        let stranger = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys");
        let text = format!("# friends\n\n{}\n", line(&friend, "ana@laptop"));
        std::fs::write(&path, text).unwrap();
        let keys = read(&path).unwrap();
        assert!(listed(&keys, friend.public_key()));
        assert!(!listed(&keys, stranger.public_key()));
    }

    #[test]
    fn a_file_with_no_key_or_a_bad_line_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys");
        std::fs::write(&path, "# nobody yet\n").unwrap();
        assert!(read(&path).unwrap_err().contains("lists no key"));
        std::fs::write(&path, "hello there\n").unwrap();
        assert!(read(&path).unwrap_err().contains("line 1"));
        assert!(read(&dir.path().join("missing")).is_err());
    }
}
