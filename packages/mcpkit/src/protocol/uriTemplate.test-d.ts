import { describe, expectTypeOf, it } from 'vitest';
import { UriTemplate, type UriTemplateVariables, type UriVariables } from './uriTemplate.js';

describe('UriVariables', () => {
  it('makes query variables optional and exploded ones lists', () => {
    expectTypeOf<UriVariables<'file:///{+path}{?rev,lines*}'>>().toEqualTypeOf<{
      path: string;
      rev?: string;
      lines?: string[];
    }>();
  });

  it('types the MCP-shaped templates', () => {
    expectTypeOf<UriVariables<'test://template/{id}/data'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<UriVariables<'github://repos/{owner}/{repo}/issues{?state,labels*}'>>().toEqualTypeOf<{
      owner: string;
      repo: string;
      state?: string;
      labels?: string[];
    }>();
  });

  it('covers every operator, prefixes and explodes', () => {
    expectTypeOf<UriVariables<'{a}{+b}{#c}{.d*}{/e:3,f}{;g,h*}{?i:2}{&j*}'>>().toEqualTypeOf<{
      a: string;
      b: string;
      c: string;
      d: string[];
      e: string;
      f: string;
      g: string;
      h: string[];
      i?: string;
      j?: string[];
    }>();
  });

  it('is empty for a template without expressions', () => {
    expectTypeOf<UriVariables<'test://static'>>().toEqualTypeOf<Record<string, never>>();
  });

  it('falls back to a loose record for a wide string', () => {
    expectTypeOf<UriVariables<string>>().toEqualTypeOf<Record<string, string | string[] | undefined>>();
  });
});

describe('UriTemplate', () => {
  it('infers the template literal and types match()', () => {
    const t = new UriTemplate('users://{id}/posts{?page}');
    expectTypeOf(t.template).toEqualTypeOf<'users://{id}/posts{?page}'>();
    expectTypeOf(t.match('users://1/posts')).toEqualTypeOf<{ id: string; page?: string } | undefined>();
  });

  it('defaults to the loose record for templates known only as string', () => {
    const text: string = 'users://{id}';
    expectTypeOf(new UriTemplate(text).match('users://1')).toEqualTypeOf<
      Record<string, string | string[] | undefined> | undefined
    >();
  });

  it('accepts a match result back in expand()', () => {
    expectTypeOf<UriVariables<'file:///{+path}{?rev,lines*}'>>().toExtend<UriTemplateVariables>();
  });
});
