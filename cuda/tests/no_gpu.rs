//! Without a driver or NVRTC (this crate's CI), every entry point answers with an error that
//! names what is missing, and nothing panics. On a machine that has them, these tests check
//! the same calls succeed.

use cute_layout_cuda::{nvrtc_compile, nvrtc_version, CompileOptions, Error, Gpu};

#[test]
fn gpu_new_is_an_error_not_a_panic_without_a_driver() {
    for _ in 0..2 {
        // Twice: the second answer comes from the cached probe.
        match Gpu::new(0) {
            Ok(gpu) => println!("a GPU is present: {}", gpu.name()),
            Err(e @ Error::NoDriver { .. }) => {
                let text = e.to_string();
                assert!(
                    text.contains("CUDA driver (libcuda) not available"),
                    "{text}"
                );
                if cfg!(target_os = "linux") {
                    // The names tried, among them the one a driver installs.
                    assert!(text.contains("libcuda.so.1"), "{text}");
                    assert!(text.contains("LD_LIBRARY_PATH"), "{text}");
                }
            }
            Err(e @ Error::NoDevice { .. }) => {
                assert!(e.to_string().starts_with("no CUDA device 0"), "{e}");
            }
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
}

#[test]
fn device_count_is_an_error_or_a_number() {
    match Gpu::device_count() {
        Ok(n) => println!("{n} device(s)"),
        Err(e) => assert!(matches!(e, Error::NoDriver { .. }), "{e}"),
    }
}

#[test]
fn nvrtc_is_an_error_not_a_panic_without_nvrtc() {
    let src = r#"extern "C" __global__ void k(int* p) { p[threadIdx.x] = 1; }"#;
    match nvrtc_compile(src, &CompileOptions::default(), "sm_90") {
        Ok(c) => assert!(!c.image.is_empty()),
        Err(e @ Error::NoNvrtc { .. }) => {
            let text = e.to_string();
            assert!(text.contains("NVRTC (libnvrtc) not available"), "{text}");
            if cfg!(target_os = "linux") {
                assert!(text.contains("libnvrtc.so"), "{text}");
            }
            assert!(matches!(nvrtc_version(), Err(Error::NoNvrtc { .. })));
        }
        Err(e) => panic!("unexpected error: {e}"),
    }
}

#[test]
fn handles_can_move_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Gpu>();
    send_sync::<cute_layout_cuda::Module>();
    send_sync::<cute_layout_cuda::Kernel>();
    send_sync::<cute_layout_cuda::DeviceBuffer<f32>>();
    send_sync::<Error>();
}
