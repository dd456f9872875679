//! The server's host key: made once, then kept in the data directory where only its owner
//! can read it, so a friend's `known_hosts` stays valid across restarts.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::{HashAlg, LineEnding};
use russh::keys::{Algorithm, PrivateKey};

/// The key file's name in the server's folder, as OpenSSH names its own.
const FILE: &str = "ssh_host_ed25519_key";

/// Why the host key cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    #[error("the host key {path} cannot be read or written: {error}")]
    Io { path: PathBuf, error: io::Error },
    #[error("the host key {0} is not a key this server can read; move it away to make a new one")]
    Unreadable(PathBuf),
    #[error(
        "the host key {path} can be read by others (permissions {mode:o}): it may be known to \
         them; make a new one (remove the file) or, if it never left this machine, `chmod 600` it"
    )]
    TooOpen { path: PathBuf, mode: u32 },
    #[error("a new host key could not be made: {0}")]
    Make(String),
}

/// The host key kept in `dir` (the server's folder in the data directory), made there
/// first when there is none; with `keep` false (`--no-save`) a new one is only used, not
/// kept.
pub fn load_or_make(dir: &Path, keep: bool) -> Result<PrivateKey, HostKeyError> {
    let path = dir.join(FILE);
    let io_error = |error| HostKeyError::Io {
        path: path.clone(),
        error,
    };
    match fs::read_to_string(&path) {
        Ok(text) => {
            check_private(&path)?;
            PrivateKey::from_openssh(text.as_bytes())
                .map_err(|_| HostKeyError::Unreadable(path.clone()))
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
                .map_err(|e| HostKeyError::Make(e.to_string()))?;
            if !keep {
                return Ok(key);
            }
            let text = key
                .to_openssh(LineEnding::LF)
                .map_err(|e| HostKeyError::Make(e.to_string()))?;
            make_private_dir(dir).map_err(io_error)?;
            // Written whole or not at all, through a temporary file that only its owner can
            // read: the key is never readable by others, not even for a moment.
            crate::store::write_atomic(&path, text.as_bytes()).map_err(io_error)?;
            Ok(key)
        }
        Err(error) => Err(io_error(error)),
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
fn check_private(path: &Path) -> Result<(), HostKeyError> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(path)
        .map_err(|error| HostKeyError::Io {
            path: path.to_path_buf(),
            error,
        })?
        .permissions()
        .mode()
        & 0o777;
    if mode & 0o077 != 0 {
        return Err(HostKeyError::TooOpen {
            path: path.to_path_buf(),
            mode,
        });
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_private(_path: &Path) -> Result<(), HostKeyError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_for_its_owner_alone_and_the_same_ever_after() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("serve");
        let fleeting = load_or_make(&folder, false).unwrap();
        assert!(!folder.exists(), "nothing written without keeping");
        let made = load_or_make(&folder, true).unwrap();
        assert_ne!(fingerprint(&fleeting), fingerprint(&made));
        let again = load_or_make(&folder, false).unwrap();
        assert_eq!(fingerprint(&made), fingerprint(&again));
        assert!(fingerprint(&made).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&folder.join(FILE)), 0o600);
            assert_eq!(mode(&folder), 0o700);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_key_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        load_or_make(dir.path(), true).unwrap();
        let path = dir.path().join(FILE);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let error = load_or_make(dir.path(), true).unwrap_err();
        assert!(
            matches!(error, HostKeyError::TooOpen { mode: 0o644, .. }),
            "{error}"
        );
    }
}
