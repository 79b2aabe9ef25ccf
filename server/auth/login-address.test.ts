import { describe, expect, it } from "vitest";
import { signInOrigin } from "./login-address.js";

describe("where a sign-in comes from, as the throttle counts it", () => {
  it("is an IPv4 address itself and its /24, also when it arrives IPv4-mapped", () => {
    expect(signInOrigin("203.0.113.7")).toEqual({ address: "203.0.113.7", range: "203.0.113.0/24" });
    expect(signInOrigin("::ffff:203.0.113.7")).toEqual({ address: "203.0.113.7", range: "203.0.113.0/24" });
  });

  it("is an IPv6 address written one way and its /64, however the address is written", () => {
    expect(signInOrigin("2001:db8:1:2::abcd")).toEqual({
      address: "2001:db8:1:2:0:0:0:abcd",
      range: "2001:db8:1:2::/64",
    });
    expect(signInOrigin("2001:0DB8:0001:0002:ffff:0:0:1")).toEqual({
      address: "2001:db8:1:2:ffff:0:0:1",
      range: "2001:db8:1:2::/64",
    });
    expect(signInOrigin("2001:db8::1").range).toBe("2001:db8:0:0::/64");
    expect(signInOrigin("::1")).toEqual({ address: "0:0:0:0:0:0:0:1", range: "0:0:0:0::/64" });
    expect(signInOrigin("fe80::1%eth0").range).toBe("fe80:0:0:0::/64");
    expect(signInOrigin("64:ff9b::192.0.2.33")).toEqual({
      address: "64:ff9b:0:0:0:0:c000:221",
      range: "64:ff9b:0:0::/64",
    });
  });

  it("is whatever was given when it is not an IP address", () => {
    expect(signInOrigin("unknown")).toEqual({ address: "unknown", range: "unknown" });
  });
});
