//! Preset reading errors in words for the user (docs/design.md §7).

/// A RON reader's error in words for the user: where, and what is wrong
/// with the file, never the name of a Rust type.
pub(super) fn describe_ron_error(error: &ron::error::SpannedError) -> String {
    use ron::Error as E;
    let shape = "a preset is (version: 1, name: \"…\", notes: Some(\"…\") or None, range: \"…\")";
    let what = match &error.code {
        E::MissingStructField { field, .. } => format!("the field {field} is missing; {shape}"),
        E::NoSuchStructField { found, .. } => {
            format!("unknown field {found:?}; {shape}")
        }
        E::DuplicateStructField { field, .. } => format!("the field {field} appears twice"),
        E::ExpectedDifferentStructName { .. }
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedStructName(_)
        | E::ExpectedStructLike
        | E::ExpectedDifferentLength { .. }
        | E::Message(_) => format!("this is not a preset; {shape}"),
        E::InvalidValueForType { expected, found } => {
            let wanted = if expected.contains("u32") || expected.contains("integer") {
                "a whole number"
            } else if expected.contains("string") {
                "text in double quotes"
            } else if expected.contains("option") {
                "Some(\"…\") or None"
            } else {
                "a preset"
            };
            format!("expected {wanted}, found {found}")
        }
        E::ExpectedInteger => "expected a whole number".to_owned(),
        E::ExpectedString => "expected text in double quotes".to_owned(),
        E::ExpectedOption => "expected Some(\"…\") or None".to_owned(),
        E::IntegerOutOfBounds => "the number is out of range".to_owned(),
        E::ExceededRecursionLimit => "the text nests too deeply".to_owned(),
        E::UnclosedLineComment | E::UnclosedBlockComment => {
            "the file ends inside a comment".to_owned()
        }
        E::Eof => "the text ends too soon".to_owned(),
        E::Utf8Error(_) => "not UTF-8 text".to_owned(),
        E::ExpectedRawValue
        | E::SuggestRawIdentifier(_)
        | E::InvalidIdentifier(_)
        | E::NoSuchExtension(_)
        | E::ExpectedAttribute
        | E::ExpectedAttributeEnd
        | E::NoSuchEnumVariant { .. } => format!("unexpected text; {shape}"),
        // The rest are plain syntax errors ("Expected comma", "Unexpected
        // char 'x'", …) that name no type.
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_lowercase().chain(chars).collect())
                .unwrap_or(text)
        }
    };
    let at = error.span.start;
    format!("line {}, column {}: {what}", at.line, at.col)
}
