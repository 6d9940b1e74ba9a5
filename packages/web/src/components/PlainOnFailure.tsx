import { Component, type ReactNode } from 'react';

/**
 * Shows `plain` when its children fail to render: here, a lazily loaded chunk that could not be
 * downloaded (the network is down, or a deployment removed the file), for a part of the screen that
 * has a simpler stand-in (antd's Result) or none (the toast host: `plain` null).
 */
export class PlainOnFailure extends Component<{ plain: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.plain : this.props.children;
  }
}
