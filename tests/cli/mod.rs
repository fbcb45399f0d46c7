//! The `rangestove` binary: subcommands, output and exit status, fuzzed
//! argument lists, the golden corpus.

mod commands; // the `rangestove` binary: subcommands, output, exit status
mod fuzz; // seeded fuzzing: generated range, card and request text at the parsers and validation, `calc` argument lists at the binary
mod golden; // `rangestove calc --json` on a corpus taking every engine path, byte for byte against recorded output
