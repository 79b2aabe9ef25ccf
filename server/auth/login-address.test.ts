import { describe, expect, it } from "vitest";
import { throttleAddress } from "./login-address.js";

describe("the address a sign-in failure is counted against", () => {
  it("is an IPv4 address itself, also when it arrives IPv4-mapped", () => {
    expect(throttleAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address, however the address is written", () => {
    expect(throttleAddress("2001:db8:1:2::abcd")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:0DB8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(throttleAddress("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("is whatever was given when it is not an IP address", () => {
    expect(throttleAddress("unknown")).toBe("unknown");
  });
});
