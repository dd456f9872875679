//! The primitives under every file the store keeps: atomic writes, locks and backups.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use tempfile::NamedTempFile;

use super::{Store, StoreError};

impl Store {
    pub(super) fn lock(
        &self,
        path: &Path,
        what: &'static str,
        wait: Wait,
    ) -> Result<Option<FileLock>, StoreError> {
        let error = StoreError::about(what, path);
        self.usable_dir().map_err(error)?;
        fs::create_dir_all(&self.dir).map_err(error)?;
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(lock_path(path))
            .map_err(error)?;
        match wait {
            Wait::Block => file.lock().map_err(error)?,
            Wait::Try => match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Ok(None),
                Err(fs::TryLockError::Error(e)) => return Err(error(e)),
            },
        }
        Ok(Some(FileLock { _file: file }))
    }

    /// Removes what a killed save of `path` left behind; only under the file's lock, when
    /// no save of it can be under way.
    pub(super) fn clean_strays(&self, path: &Path) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        let prefix = temp_prefix(path);
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(&prefix) && name.ends_with(TEMP_SUFFIX) {
                // Best effort: a stray that cannot be removed harms nothing.
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// What tells one version of a file from the next without reading it: its identity, size
/// and time. Every save makes a new file (see [`write_atomic`]), so a save always changes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    #[cfg(unix)]
    identity: (u64, u64),
}

pub(super) fn stamp(path: &Path) -> Option<Stamp> {
    let metadata = fs::metadata(path).ok()?;
    Some(Stamp {
        len: metadata.len(),
        modified: metadata.modified().ok(),
        #[cfg(unix)]
        identity: {
            use std::os::unix::fs::MetadataExt;
            (metadata.dev(), metadata.ino())
        },
    })
}

/// A lock on a data file, held while the value lives: the system's lock (`File::lock`) on a
/// lock file beside it, so it goes when its holder ends however it ends (kill -9 included).
#[derive(Debug)]
pub struct FileLock {
    _file: fs::File,
}

/// Whether taking a lock waits for its holder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Wait {
    /// Wait: the holder will be done in a moment (counting a result).
    Block,
    /// Do not wait: the holder keeps it as long as its window is open (a saved game).
    Try,
}

/// The lock file of a data file: `.stats.toml.lock` beside `stats.toml`. It stays in place
/// (removing it could let two holders lock two different files).
fn lock_path(path: &Path) -> PathBuf {
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".lock");
    path.with_file_name(name)
}

/// The `n`th backup of a file: `stats.toml.bak` for 0, then `stats.toml.1.bak`,
/// `stats.toml.2.bak`...
pub fn backup_path(path: &Path, n: u32) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    if n > 0 {
        name.push(format!(".{n}"));
    }
    name.push(".bak");
    path.with_file_name(name)
}

/// The first backup name not taken yet, so a second unusable file never overwrites the
/// backup of the first.
pub fn free_backup_path(path: &Path) -> PathBuf {
    (0..)
        .map(|n| backup_path(path, n))
        .find(|backup| !backup.exists())
        .expect("some backup number is free")
}

/// For one-line messages (the whole path where it has no name).
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Atomically replaces `path` with `bytes`: the data is complete and on disk before the
/// rename, and the rename either happens or not. The new file takes the old one's
/// permissions (a new file is readable by its owner only).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let staged = stage(path, bytes)?;
    if let Ok(old) = fs::metadata(path) {
        staged.as_file().set_permissions(old.permissions())?;
    }
    commit(staged, path)
}

/// Writes `bytes` to a new temporary file beside `path`, flushed and synced to disk. Until
/// [`commit`], `path` is untouched; a crash here leaves at most a stray temporary file.
pub(super) fn stage(path: &Path, bytes: &[u8]) -> io::Result<NamedTempFile> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut file = tempfile::Builder::new()
        .prefix(&temp_prefix(path))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.as_file().sync_all()?;
    Ok(file)
}

/// `.stats.toml.` (then random letters and [`TEMP_SUFFIX`]).
fn temp_prefix(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default();
    format!(".{}.", name.to_string_lossy())
}

const TEMP_SUFFIX: &str = ".tmp";

/// Renames the staged file over `path`, then syncs the directory so the rename itself
/// survives a power cut.
fn commit(staged: NamedTempFile, path: &Path) -> io::Result<()> {
    staged.persist(path).map_err(|e| e.error)?;
    #[cfg(unix)]
    if let Some(dir) = path.parent()
        && let Ok(dir) = fs::File::open(dir)
    {
        // Best effort: some filesystems refuse to sync a directory.
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backups_sit_beside_the_file() {
        assert_eq!(
            backup_path(Path::new("/d/stats.toml"), 0),
            PathBuf::from("/d/stats.toml.bak")
        );
        assert_eq!(
            backup_path(Path::new("/d/stats.toml"), 2),
            PathBuf::from("/d/stats.toml.2.bak")
        );
    }
}
