// The part of the WebAssembly global that yuv.ts uses. Node has it all; @types/node 20 declares
// none of it, and the DOM library would bring the rest of the browser with it.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: object);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
}
