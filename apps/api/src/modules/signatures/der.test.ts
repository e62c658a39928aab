import { describe, expect, it } from 'vitest';
import {
  decodeDer,
  generalizedTime,
  integer,
  octetString,
  oid,
  oidOf,
  sequence,
  setOf,
  timeOf,
  utcTime,
} from './der.js';

// The DER writer and reader behind the PAdES seal (decision 172), checked against X.690 examples.

describe('DER (X.690)', () => {
  it('encodes object identifiers with multi-byte arcs and reads them back', () => {
    // X.690 §8.19.5 example arcs: 2.999.3 → 06 03 88 37 03.
    expect(oid('2.999.3').toString('hex')).toBe('0603883703');
    expect(oid('1.2.840.113549.1.9.16.2.47').toString('hex')).toBe('060b2a864886f70d010910022f');
    for (const o of ['1.2.840.113549.1.7.2', '2.16.840.1.101.3.4.2.1', '2.999.3161.1'])
      expect(oidOf(decodeDer(oid(o)))).toBe(o);
  });

  it('encodes integers minimally, with a zero octet before a high bit', () => {
    expect(integer(0).toString('hex')).toBe('020100');
    expect(integer(127).toString('hex')).toBe('02017f');
    expect(integer(128).toString('hex')).toBe('02020080');
    expect(integer(256).toString('hex')).toBe('02020100');
    expect(integer(Buffer.from('0000ff', 'hex')).toString('hex')).toBe('020200ff');
  });

  it('sorts SET OF by encoding and uses long-form lengths past 127 octets', () => {
    expect(setOf(integer(2), integer(1)).toString('hex')).toBe('3106020101020102');
    const long = sequence(octetString(Buffer.alloc(197, 0x05))); // 04 81 c5 + 197 octets = 200
    expect(long.subarray(0, 3).toString('hex')).toBe('3081c8');
    expect(decodeDer(long).content.length).toBe(200);
    expect(decodeDer(long).children[0]!.content).toEqual(Buffer.alloc(197, 0x05));
  });

  it('writes GeneralizedTime with milliseconds only when present, UTCTime in seconds, and reads both', () => {
    expect(generalizedTime(new Date('2026-05-12T15:10:00.250Z')).subarray(2).toString()).toBe(
      '20260512151000.25Z',
    );
    expect(generalizedTime(new Date('2026-05-12T15:10:00.000Z')).subarray(2).toString()).toBe(
      '20260512151000Z',
    );
    expect(utcTime(new Date('2026-05-12T15:10:00Z')).subarray(2).toString()).toBe('260512151000Z');
    expect(timeOf(decodeDer(generalizedTime(new Date('2026-05-12T15:10:00.250Z')))).toISOString()).toBe(
      '2026-05-12T15:10:00.250Z',
    );
    expect(timeOf(decodeDer(utcTime(new Date('1999-12-31T23:59:59Z')))).toISOString()).toBe(
      '1999-12-31T23:59:59.000Z',
    );
  });

  it('refuses truncated elements and indefinite lengths instead of reading past them', () => {
    expect(() => decodeDer(Buffer.from('3005020101', 'hex'))).toThrow('DER: truncated element');
    expect(() => decodeDer(Buffer.from('30800201010000', 'hex'))).toThrow('DER: indefinite length');
  });
});
