export { Badge, type BadgeTone } from './badge.tsx';
export { Button, type ButtonProps, type ButtonStyleProps, buttonClass } from './button.tsx';
export { Spinner } from './spinner.tsx';
export { ContentBody } from './content-body.tsx';
export { type Block, parseBody } from './parse-body.ts';
