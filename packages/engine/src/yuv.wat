;; RGBA frames to yuv420p (BT.709, limited range), 8 pixels of two rows a step with 128-bit SIMD.
;; Built into yuv-wasm.ts by scripts/build-wasm.ts; test/yuv.test.ts holds it to a plain scalar
;; version of the same arithmetic, byte for byte, and to this source. Coefficients: see yuv.ts.
;; rgbaToI420(src, width, height, dst): width a multiple of 8, height even, both buffers in memory.
(module
  (memory (export "memory") 1)
  (func (export "rgbaToI420") (param $src i32) (param $width i32) (param $height i32) (param $dst i32)
    (local $row i32) (local $x i32) (local $c i32)
    (local $p0 i32) (local $p1 i32) (local $y0 i32) (local $y1 i32) (local $u i32) (local $v i32)
    (local $px v128) (local $t v128) (local $s0 v128) (local $s1 v128)
    (local $ra0 v128) (local $ga0 v128) (local $ba0 v128) (local $ra1 v128) (local $ga1 v128) (local $ba1 v128)
    (local $rb0 v128) (local $gb0 v128) (local $bb0 v128) (local $rb1 v128) (local $gb1 v128) (local $bb1 v128)
    (local $r4 v128) (local $g4 v128) (local $b4 v128)
    (local $byte v128) (local $yr v128) (local $yg v128) (local $yb v128) (local $yadd v128) (local $cadd v128)
    (local.set $byte (v128.const i32x4 255 255 255 255))
    (local.set $yr (v128.const i32x4 11966 11966 11966 11966))
    (local.set $yg (v128.const i32x4 40254 40254 40254 40254))
    (local.set $yb (v128.const i32x4 4064 4064 4064 4064))
    (local.set $yadd (v128.const i32x4 1081344 1081344 1081344 1081344))
    (local.set $cadd (v128.const i32x4 33685504 33685504 33685504 33685504))
    ;; U plane after Y, V after U.
    (local.set $u (i32.add (local.get $dst) (i32.mul (local.get $width) (local.get $height))))
    (local.set $v (i32.add (local.get $u) (i32.shr_u (i32.mul (local.get $width) (local.get $height)) (i32.const 2))))
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $row) (local.get $height)))
        (local.set $p0 (i32.add (local.get $src) (i32.shl (i32.mul (local.get $row) (local.get $width)) (i32.const 2))))
        (local.set $p1 (i32.add (local.get $p0) (i32.shl (local.get $width) (i32.const 2))))
        (local.set $y0 (i32.add (local.get $dst) (i32.mul (local.get $row) (local.get $width))))
        (local.set $y1 (i32.add (local.get $y0) (local.get $width)))
        (local.set $c (i32.mul (i32.shr_u (local.get $row) (i32.const 1)) (i32.shr_u (local.get $width) (i32.const 1))))
        (local.set $x (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $x) (local.get $width)))
        (local.set $px (v128.load offset=0 (local.get $p0)))
        (local.set $ra0 (v128.and (local.get $px) (local.get $byte)))
        (local.set $ga0 (v128.and (i32x4.shr_u (local.get $px) (i32.const 8)) (local.get $byte)))
        (local.set $ba0 (v128.and (i32x4.shr_u (local.get $px) (i32.const 16)) (local.get $byte)))
        (local.set $px (v128.load offset=16 (local.get $p0)))
        (local.set $ra1 (v128.and (local.get $px) (local.get $byte)))
        (local.set $ga1 (v128.and (i32x4.shr_u (local.get $px) (i32.const 8)) (local.get $byte)))
        (local.set $ba1 (v128.and (i32x4.shr_u (local.get $px) (i32.const 16)) (local.get $byte)))
        (local.set $px (v128.load offset=0 (local.get $p1)))
        (local.set $rb0 (v128.and (local.get $px) (local.get $byte)))
        (local.set $gb0 (v128.and (i32x4.shr_u (local.get $px) (i32.const 8)) (local.get $byte)))
        (local.set $bb0 (v128.and (i32x4.shr_u (local.get $px) (i32.const 16)) (local.get $byte)))
        (local.set $px (v128.load offset=16 (local.get $p1)))
        (local.set $rb1 (v128.and (local.get $px) (local.get $byte)))
        (local.set $gb1 (v128.and (i32x4.shr_u (local.get $px) (i32.const 8)) (local.get $byte)))
        (local.set $bb1 (v128.and (i32x4.shr_u (local.get $px) (i32.const 16)) (local.get $byte)))
        (v128.store64_lane 0 (i32.add (local.get $y0) (local.get $x))
          (i8x16.narrow_i16x8_u
            (local.tee $t (i16x8.narrow_i32x4_u
              (i32x4.shr_u
            (i32x4.add
              (i32x4.add (i32x4.mul (local.get $ra0) (local.get $yr)) (i32x4.mul (local.get $ga0) (local.get $yg)))
              (i32x4.add (i32x4.mul (local.get $ba0) (local.get $yb)) (local.get $yadd)))
            (i32.const 16))
              (i32x4.shr_u
            (i32x4.add
              (i32x4.add (i32x4.mul (local.get $ra1) (local.get $yr)) (i32x4.mul (local.get $ga1) (local.get $yg)))
              (i32x4.add (i32x4.mul (local.get $ba1) (local.get $yb)) (local.get $yadd)))
            (i32.const 16))))
            (local.get $t)))
        (v128.store64_lane 0 (i32.add (local.get $y1) (local.get $x))
          (i8x16.narrow_i16x8_u
            (local.tee $t (i16x8.narrow_i32x4_u
              (i32x4.shr_u
            (i32x4.add
              (i32x4.add (i32x4.mul (local.get $rb0) (local.get $yr)) (i32x4.mul (local.get $gb0) (local.get $yg)))
              (i32x4.add (i32x4.mul (local.get $bb0) (local.get $yb)) (local.get $yadd)))
            (i32.const 16))
              (i32x4.shr_u
            (i32x4.add
              (i32x4.add (i32x4.mul (local.get $rb1) (local.get $yr)) (i32x4.mul (local.get $gb1) (local.get $yg)))
              (i32x4.add (i32x4.mul (local.get $bb1) (local.get $yb)) (local.get $yadd)))
            (i32.const 16))))
            (local.get $t)))
        (local.set $s0 (i32x4.add (local.get $ra0) (local.get $rb0)))
        (local.set $s1 (i32x4.add (local.get $ra1) (local.get $rb1)))
        (local.set $r4 (i32x4.add
          (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $s0) (local.get $s1))
          (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $s0) (local.get $s1))))
        (local.set $s0 (i32x4.add (local.get $ga0) (local.get $gb0)))
        (local.set $s1 (i32x4.add (local.get $ga1) (local.get $gb1)))
        (local.set $g4 (i32x4.add
          (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $s0) (local.get $s1))
          (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $s0) (local.get $s1))))
        (local.set $s0 (i32x4.add (local.get $ba0) (local.get $bb0)))
        (local.set $s1 (i32x4.add (local.get $ba1) (local.get $bb1)))
        (local.set $b4 (i32x4.add
          (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $s0) (local.get $s1))
          (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $s0) (local.get $s1))))
        ;; U in bytes 0-3, V in bytes 4-7.
        (local.set $t (i8x16.narrow_i16x8_u
          (local.tee $t (i16x8.narrow_i32x4_u
            (i32x4.shr_s
            (i32x4.add
              (i32x4.add (i32x4.mul (local.get $r4) (v128.const i32x4 -6596 -6596 -6596 -6596)) (i32x4.mul (local.get $g4) (v128.const i32x4 -22189 -22189 -22189 -22189)))
              (i32x4.add (i32x4.mul (local.get $b4) (v128.const i32x4 28785 28785 28785 28785)) (local.get $cadd)))
            (i32.const 18))
            (i32x4.shr_s
            (i32x4.add
              (i32x4.add (i32x4.mul (local.get $r4) (v128.const i32x4 28784 28784 28784 28784)) (i32x4.mul (local.get $g4) (v128.const i32x4 -26145 -26145 -26145 -26145)))
              (i32x4.add (i32x4.mul (local.get $b4) (v128.const i32x4 -2639 -2639 -2639 -2639)) (local.get $cadd)))
            (i32.const 18))))
          (local.get $t)))
        (v128.store32_lane 0 (i32.add (local.get $u) (local.get $c)) (local.get $t))
        (v128.store32_lane 1 (i32.add (local.get $v) (local.get $c)) (local.get $t))

            (local.set $p0 (i32.add (local.get $p0) (i32.const 32)))
            (local.set $p1 (i32.add (local.get $p1) (i32.const 32)))
            (local.set $c (i32.add (local.get $c) (i32.const 4)))
            (local.set $x (i32.add (local.get $x) (i32.const 8)))
            (br $cols)))
        (local.set $row (i32.add (local.get $row) (i32.const 2)))
        (br $rows)))))
