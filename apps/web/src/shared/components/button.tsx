import { type ButtonStyleProps, buttonClass } from '@openbourse/ui';
import { Link, type LinkProps } from 'react-router';

export { Button, type ButtonProps, buttonClass } from '@openbourse/ui';

export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & ButtonStyleProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
