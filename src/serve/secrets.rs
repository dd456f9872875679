//! The server's secrets, each made once, then kept in the data directory where only its
//! owner can read it: the host key, so a friend's `known_hosts` stays valid across restarts,
//! and the code, so a friend's way back to a kept game stays the same (`--new-code` makes a
//! fresh one).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::{HashAlg, LineEnding};
use russh::keys::{Algorithm, PrivateKey};

use crate::core::bounded::{self, Kind};

/// The key file's name in the server's folder, as OpenSSH names its own; the code's.
const KEY_FILE: &str = "ssh_host_ed25519_key";
const CODE_FILE: &str = "code";

/// A secret's file: an ed25519 key in OpenSSH's format takes some 400 bytes.
const KIND: Kind = Kind {
    name: "a secret of the server's",
    largest: "an ed25519 key takes some 400 bytes",
    file_cap: 64 * 1024,
    line_cap: 64 * 1024,
};

/// Why a secret cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("{path} cannot be read or written: {error}")]
    Io { path: PathBuf, error: io::Error },
    #[error("{0} is not what this server can read; move it away to make a new one")]
    Unreadable(PathBuf),
    #[error(
        "{path} can be read by others (permissions {mode:o}): it may be known to them; make a \
         new one (remove the file) or, if it never left this machine, `chmod 600` it"
    )]
    TooOpen { path: PathBuf, mode: u32 },
    #[error("a new host key could not be made: {0}")]
    Make(String),
}

/// The host key kept in `dir` (the server's folder in the data directory), made there
/// first when there is none; with `keep` false (`--no-save`) a new one is only used, not
/// kept.
pub fn host_key(dir: &Path, keep: bool) -> Result<PrivateKey, SecretError> {
    let fresh = || {
        let made = |e: russh::keys::ssh_key::Error| SecretError::Make(e.to_string());
        let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(made)?;
        Ok(key.to_openssh(LineEnding::LF).map_err(made)?.to_string())
    };
    PrivateKey::from_openssh(kept(dir, KEY_FILE, keep, false, fresh)?.as_bytes())
        .map_err(|_| SecretError::Unreadable(dir.join(KEY_FILE)))
}

/// The code kept in `dir`, made when there is none or `renew` asks for a new one.
pub fn code(dir: &Path, keep: bool, renew: bool) -> Result<String, SecretError> {
    let code = kept(dir, CODE_FILE, keep, renew, || Ok(super::code::fresh()))?;
    Ok(code.trim().to_string())
}

/// The secret in `dir/file`, or a new one `make` makes (kept there when `keep`).
fn kept(
    dir: &Path,
    file: &str,
    keep: bool,
    renew: bool,
    make: impl FnOnce() -> Result<String, SecretError>,
) -> Result<String, SecretError> {
    let path = dir.join(file);
    let io_error = |error| SecretError::Io {
        path: path.clone(),
        error,
    };
    match bounded::read_text_file(&path, &KIND) {
        Ok(text) if !renew => check_private(&path).map(|()| text),
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(io_error(error)),
        _ => {
            let text = make()?;
            if keep {
                make_private_dir(dir).map_err(io_error)?;
                // Written whole or not at all, through a temporary file that only its owner
                // can read: the secret is never readable by others, not even for a moment.
                crate::store::write_atomic(&path, text.as_bytes()).map_err(io_error)?;
            }
            Ok(text)
        }
    }
}

/// What a careful friend compares with what ssh shows on the first connection:
/// `SHA256:...`.
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(unix)]
fn make_private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

#[cfg(not(unix))]
fn make_private_dir(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)
}

/// A key that others can read may have been copied: refused, as OpenSSH refuses it.
#[cfg(unix)]
fn check_private(path: &Path) -> Result<(), SecretError> {
    use std::os::unix::fs::PermissionsExt;
    let path = path.to_path_buf();
    let mode = match fs::metadata(&path) {
        Ok(metadata) => metadata.permissions().mode() & 0o777,
        Err(error) => return Err(SecretError::Io { path, error }),
    };
    match mode & 0o077 {
        0 => Ok(()),
        _ => Err(SecretError::TooOpen { path, mode }),
    }
}

#[cfg(not(unix))]
fn check_private(_path: &Path) -> Result<(), SecretError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_for_its_owner_alone_and_the_same_ever_after() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("serve");
        let fleeting = host_key(&folder, false).unwrap();
        assert!(!folder.exists(), "nothing written without keeping");
        let made = host_key(&folder, true).unwrap();
        assert_ne!(fingerprint(&fleeting), fingerprint(&made));
        let again = host_key(&folder, false).unwrap();
        assert_eq!(fingerprint(&made), fingerprint(&again));
        assert!(fingerprint(&made).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&folder.join(KEY_FILE)), 0o600);
            assert_eq!(mode(&folder), 0o700);
        }
    }

    #[test]
    fn the_code_is_the_same_at_every_start_until_a_new_one_is_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let first = code(dir.path(), true, false).unwrap();
        assert_eq!(code(dir.path(), true, false).unwrap(), first);
        let renewed = code(dir.path(), true, true).unwrap();
        assert_ne!(renewed, first);
        assert_eq!(code(dir.path(), true, false).unwrap(), renewed);
        assert_ne!(code(dir.path(), false, true).unwrap(), renewed, "not kept");
        assert_eq!(code(dir.path(), true, false).unwrap(), renewed);
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        host_key(dir.path(), true).unwrap();
        let path = dir.path().join(KEY_FILE);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let error = host_key(dir.path(), true).unwrap_err();
        assert!(
            matches!(error, SecretError::TooOpen { mode: 0o644, .. }),
            "{error}"
        );
    }
}
