// A qualified type leaf `<T as Trait>` must name an associated type: `<T as Trait>::Name`.
use cute_layout::Layout;

fn main() {
    let _: Option<Layout![(<u8 as Copy>, 4)]> = None;
}
