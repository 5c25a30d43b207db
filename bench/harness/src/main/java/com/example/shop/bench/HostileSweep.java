package com.example.shop.bench;
final class HostileSweep { static int run(Args a) throws Exception { return 2; } }
