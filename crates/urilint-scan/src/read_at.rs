//! Reading an input's bytes at any offset ([`ReadAt`]): a file (with
//! positional reads, which leave its offset alone), a slice, a unit of a
//! larger file. urilint's `lines` reads a finding's line back through it,
//! its linter reads suppression markers, and its format layer gives a
//! message of a mailbox as one.

use std::fs::File;
use std::io;
#[cfg(not(unix))]
use std::io::Read;

/// Something the bytes of an input can be read from at any offset.
pub trait ReadAt {
    /// Reads up to `buf.len()` bytes from 0-based byte `offset`; returns how
    /// many were read (0 at the end).
    ///
    /// # Errors
    /// The underlying read error.
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize>;

    /// The first offset that holds the input's bytes, a line start: 0, or
    /// where a unit of a larger file starts (a message of a mailbox,
    /// urilint's `format::unit::UnitBytes`). urilint's `lines::Lines` reads nothing
    /// before it (such a source may answer a read there with bytes from
    /// elsewhere).
    fn floor(&self) -> u64 {
        0
    }
}

/// Positional reads on Unix (as `&File`): the file's offset, which a
/// duplicate of its descriptor shares, is left alone.
#[cfg(unix)]
impl ReadAt for File {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        let mut file: &File = self;
        ReadAt::read_at(&mut file, offset, buf)
    }
}

#[cfg(not(unix))]
impl ReadAt for File {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        use std::io::{Seek, SeekFrom};
        self.seek(SeekFrom::Start(offset))?;
        let mut n = 0;
        while n < buf.len() {
            match self.read(&mut buf[n..]) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(n)
    }
}

/// Positional reads (`pread`): they leave the file's offset alone, so
/// several readers can share one open file.
#[cfg(unix)]
impl ReadAt for &File {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        use std::os::unix::fs::FileExt;
        let mut n = 0;
        while n < buf.len() {
            match FileExt::read_at(*self, &mut buf[n..], offset + n as u64) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(n)
    }
}

impl<S: ReadAt + ?Sized> ReadAt for &mut S {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        (**self).read_at(offset, buf)
    }

    fn floor(&self) -> u64 {
        (**self).floor()
    }
}

impl ReadAt for &[u8] {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.len());
        let n = buf.len().min(self.len() - start);
        buf[..n].copy_from_slice(&self[start..start + n]);
        Ok(n)
    }
}
