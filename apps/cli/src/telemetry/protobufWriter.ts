/**
 * The protobuf wire format, writing side only, for the few OTLP messages the
 * command line sends: varints, fixed64, doubles, length-delimited fields.
 *
 * @module
 */

/** Builds one message; nested messages are written by a child writer. */
export class ProtoWriter {
  readonly #chunks: number[] = [];

  #varint(value: bigint | number): void {
    let v = BigInt(value);
    if (v < 0n) v += 1n << 64n;
    while (v > 0x7fn) {
      this.#chunks.push(Number((v & 0x7fn) | 0x80n));
      v >>= 7n;
    }
    this.#chunks.push(Number(v));
  }

  #tag(field: number, wire: number): void {
    this.#varint((field << 3) | wire);
  }

  uint(field: number, value: number | bigint): this {
    if (BigInt(value) === 0n) return this;
    this.#tag(field, 0);
    this.#varint(value);
    return this;
  }

  /** A varint written even when zero (a oneof member must be present). */
  int(field: number, value: number | bigint): this {
    this.#tag(field, 0);
    this.#varint(value);
    return this;
  }

  bool(field: number, value: boolean): this {
    this.#tag(field, 0);
    this.#varint(value ? 1 : 0);
    return this;
  }

  fixed64(field: number, value: bigint): this {
    this.#tag(field, 1);
    this.#fixed64(value);
    return this;
  }

  #fixed64(value: bigint): void {
    let v = BigInt.asUintN(64, value);
    for (let i = 0; i < 8; i++) {
      this.#chunks.push(Number(v & 0xffn));
      v >>= 8n;
    }
  }

  double(field: number, value: number): this {
    this.#tag(field, 1);
    this.#double(value);
    return this;
  }

  #double(value: number): void {
    const bytes = new Uint8Array(new Float64Array([value]).buffer);
    for (const b of bytes) this.#chunks.push(b);
  }

  bytes(field: number, value: Uint8Array): this {
    this.#tag(field, 2);
    this.#varint(value.length);
    for (const b of value) this.#chunks.push(b);
    return this;
  }

  string(field: number, value: string): this {
    if (value === '') return this;
    return this.bytes(field, new TextEncoder().encode(value));
  }

  hex(field: number, value: string | undefined): this {
    if (value === undefined || value === '') return this;
    return this.bytes(field, Uint8Array.from(Buffer.from(value, 'hex')));
  }

  message(field: number, build: (w: ProtoWriter) => void): this {
    const child = new ProtoWriter();
    build(child);
    return this.bytes(field, child.finish());
  }

  packedFixed64(field: number, values: readonly bigint[]): this {
    const child = new ProtoWriter();
    for (const v of values) child.#fixed64(v);
    return this.bytes(field, child.finish());
  }

  packedDouble(field: number, values: readonly number[]): this {
    const child = new ProtoWriter();
    for (const v of values) child.#double(v);
    return this.bytes(field, child.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.#chunks);
  }
}
