// `createElement` under a short name: the components are plain TypeScript (no JSX).
import { createElement, Fragment } from 'react';

export const h = createElement;
export { Fragment };
