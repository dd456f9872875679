//! The kept game records, one file a game in the data folder's `records/`.

use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::files::stage;
use super::{Store, StoreError};
use crate::record::Record as GameRecord;

const RECORDS_DIR: &str = "records";

impl Store {
    pub fn records_dir(&self) -> PathBuf {
        self.dir.join(RECORDS_DIR)
    }

    /// [`write_new_record`] in the records directory; `None` when nothing is saved.
    pub fn keep_record(
        &self,
        record: &GameRecord,
        ended: SystemTime,
    ) -> Result<Option<PathBuf>, StoreError> {
        if !self.saves() {
            return Ok(None);
        }
        let dir = self.records_dir();
        let error = StoreError::about("the game's record", &dir);
        self.usable_dir().map_err(error)?;
        write_new_record(&dir, record, ended)
            .map(Some)
            .map_err(error)
    }
}

/// Writes `record` to a new file in `dir` named by when the game ended and its game
/// (`20261124-194012-classic-5.txt`), never over another (then `-2`...), whole or not at all.
pub fn write_new_record(dir: &Path, record: &GameRecord, ended: SystemTime) -> io::Result<PathBuf> {
    let mut staged = stage(&dir.join("record"), record.to_text().as_bytes())?;
    let stamp = crate::record::file_stamp(ended);
    let key = record.game.key();
    for n in 1.. {
        let path = dir.join(match n {
            1 => format!("{stamp}-{key}.txt"),
            n => format!("{stamp}-{key}-{n}.txt"),
        });
        match staged.persist_noclobber(&path) {
            Ok(_) => return Ok(path),
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => staged = e.file,
            Err(e) => return Err(e.error),
        }
    }
    unreachable!("a free name is found before the numbers run out")
}
