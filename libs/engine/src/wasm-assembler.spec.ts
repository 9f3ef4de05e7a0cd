import { I32, I32_STORE8, get, i32Const, sleb, uleb, wasmModule } from './wasm-assembler';

describe('the WebAssembly assembler', () => {
  it('encodes immediates as LEB128, constants signed', () => {
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(sleb(63)).toEqual([0x3f]);
    // 64 unsigned would be one byte that reads back as −64.
    expect(sleb(64)).toEqual([0xc0, 0x00]);
    expect(sleb(-1)).toEqual([0x7f]);
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
  });

  it('builds a module that runs over the memory it is given', () => {
    // store(address): memory[address] = 200, a constant above 63.
    const bytes = wasmModule([
      { name: 'store', params: [I32], locals: [], body: [...get(0), ...i32Const(200), ...I32_STORE8()] },
    ]);
    expect(WebAssembly.validate(bytes)).toBe(true);
    const memory = new WebAssembly.Memory({ initial: 1 });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
    (instance.exports as { store(address: number): void }).store(5);
    expect(new Uint8Array(memory.buffer, 0, 7)).toEqual(Uint8Array.of(0, 0, 0, 0, 0, 200, 0));
  });
});
