import { describe, expect, it } from 'vitest';
import { otelConfig, wantsTelemetry } from './otelEnv.js';

describe('otelConfig', () => {
  it('is off without an endpoint variable, and with OTEL_SDK_DISABLED', () => {
    expect(wantsTelemetry({ OTEL_SERVICE_NAME: 'x' })).toBe(false);
    expect(otelConfig({ OTEL_SERVICE_NAME: 'x' }, 'd')).toBeUndefined();
    expect(otelConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }, 'd')).toBeUndefined();
  });

  it('derives the signal URLs from the base endpoint, and takes a signal’s own as is', () => {
    const config = otelConfig(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/',
        OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://127.0.0.1:9999/custom',
      },
      'mcpkit-call',
    );
    expect(config?.traces?.url).toBe('http://127.0.0.1:4318/v1/traces');
    expect(config?.metrics?.url).toBe('http://127.0.0.1:9999/custom');
    expect(config?.traces?.protocol).toBe('http/protobuf');
    expect(config?.serviceName).toBe('mcpkit-call');
  });

  it('turns one signal off, reads headers, service name and resource attributes', () => {
    const config = otelConfig(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-team=a',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test,service.name=fromattrs',
      },
      'd',
    );
    expect(config?.traces).toBeUndefined();
    expect(config?.metrics?.headers).toEqual({ authorization: 'Bearer abc', 'x-team': 'a' });
    expect(config?.metrics?.protocol).toBe('http/json');
    expect(config?.resource).toEqual({ 'deployment.environment': 'test', 'service.name': 'fromattrs' });
  });

  it('refuses what it cannot honour', () => {
    expect(() => otelConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///etc/passwd' }, 'd')).toThrow(/not http/);
    expect(() => otelConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'd')).toThrow(
      /grpc/,
    );
    expect(() => otelConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h', OTEL_TRACES_EXPORTER: 'zipkin' }, 'd')).toThrow(/zipkin/);
    expect(() => otelConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h', OTEL_EXPORTER_OTLP_HEADERS: 'novalue' }, 'd')).toThrow(
      /key=value/,
    );
  });
});
