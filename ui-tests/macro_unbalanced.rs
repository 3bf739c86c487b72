// Malformed `layout!` input: unbalanced parentheses. The tokenizer rejects them before the
// macro runs, and names the unclosed delimiter.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,(2,2):(1,(8,4)));
}
