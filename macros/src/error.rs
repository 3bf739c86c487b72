//! The macros' errors: a message about a span of the input, expanded as `compile_error!`.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// A message about the tokens from `start` to `end`.
pub(crate) struct Error {
    start: Span,
    end: Span,
    msg: String,
}

pub(crate) type Result<T> = core::result::Result<T, Error>;

impl Error {
    pub(crate) fn new(span: Span, msg: impl Into<String>) -> Self {
        Error::spanning(span, span, msg)
    }
    pub(crate) fn spanning(start: Span, end: Span, msg: impl Into<String>) -> Self {
        Error {
            start,
            end,
            msg: msg.into(),
        }
    }
    /// `::core::compile_error!{"msg"}`, its path spanned at `start` and its argument at `end`,
    /// so that the compiler underlines the tokens from `start` to `end`.
    pub(crate) fn to_compile_error(&self) -> TokenStream {
        let s = self.start;
        let punct = |c, spacing| {
            let mut p = Punct::new(c, spacing);
            p.set_span(s);
            TokenTree::Punct(p)
        };
        let mut msg = Literal::string(&self.msg);
        msg.set_span(self.end);
        let mut arg = Group::new(Delimiter::Brace, TokenTree::Literal(msg).into());
        arg.set_span(self.end);
        [
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("core", s)),
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("compile_error", s)),
            punct('!', Spacing::Alone),
            TokenTree::Group(arg),
        ]
        .into_iter()
        .collect()
    }
}
