import Foundation

/// The configuration files of a private PipeWire server (`PipeWireServer`), as text: each overrides only what the
/// tests need and leaves the installed defaults (`/usr/share/pipewire`, `/usr/share/wireplumber`) in force otherwise.
struct PipeWireTestConfiguration {
    let sinkName: String
    let sampleRate: Int
    let sinkLatency: Double
    let busSocket: String
    /// The paced test device's plugin library (`ALSATestEnvironment.pacedPluginPath`).
    let pacedPlugin: String

    /// The ALSA device the sink plays into: this package's paced test device, which consumes samples on a real-time
    /// clock as a sound card does. (alsa-lib's `null` device has no clock of its own: PipeWire's rate correction
    /// wandered by several percent over it, and the sound at the sink broke up.)
    static let sinkDevice = "theremin_test_sink_device"

    /// Files by path relative to the server's folder.
    func files(alsaConfigPath: String) -> [(String, String)] {
        [("bus.conf", busConfiguration),
         ("config/pipewire/pipewire.conf.d/90-theremin-test.conf", pipewireConfiguration),
         // 51-: after the installed 50-*-config.lua set `enabled`, before 90-enable-all.lua reads it.
         ("config/wireplumber/main.lua.d/51-theremin-test.lua", wireplumberMainConfiguration),
         ("config/wireplumber/bluetooth.lua.d/51-theremin-test.lua", "bluez_monitor.enabled = false\n"),
         (alsaConfigPath, alsaConfiguration)]
    }

    /// A session bus of its own (WirePlumber 0.4 leaves at once without one), listening only on `busSocket`.
    var busConfiguration: String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(busSocket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>

        """
    }

    /// One fixed rate; the smallest quantum PipeWire allows outside virtual machines even when it believes it runs in
    /// one (its `vm.overrides` raise `min-quantum` to 1024 there, which would hide what theremin asks for); the sink.
    var pipewireConfiguration: String {
        """
        context.properties = {
            default.clock.rate = \(sampleRate)
            default.clock.allowed-rates = [ \(sampleRate) ]
            default.clock.min-quantum = 16
            vm.overrides = { default.clock.min-quantum = 16 }
        }
        context.objects = [
            { factory = adapter
              args = {
                  factory.name        = api.alsa.pcm.sink
                  node.name           = "\(sinkName)"
                  node.description    = "theremin test sink"
                  media.class         = "Audio/Sink"
                  api.alsa.path       = "\(PipeWireTestConfiguration.sinkDevice)"
                  audio.format        = "F32LE"
                  audio.rate          = \(sampleRate)
                  audio.channels      = 2
                  audio.position      = "FL,FR"
                  latency.internal.ns = \(Int((sinkLatency * 1e9).rounded()))
                  priority.driver     = 2000
                  priority.session    = 2000
              }
            }
        ]

        """
    }

    /// No device monitors: the test machine's cards, cameras (other tests' fake cameras included) stay untouched.
    var wireplumberMainConfiguration: String {
        """
        alsa_monitor.enabled = false
        v4l2_monitor.enabled = false
        libcamera_monitor.enabled = false

        """
    }

    /// The clients' ALSA configuration (and the server's, for its sink): `default` is pipewire-alsa's plugin, as the
    /// `99-pipewire-default.conf` of a PipeWire desktop makes it.
    var alsaConfiguration: String {
        """
        pcm_type.theremin_paced {
            lib "\(pacedPlugin)"
        }
        pcm.\(PipeWireTestConfiguration.sinkDevice) {
            type theremin_paced
        }
        pcm.pipewire {
            type pipewire
            playback_node "-1"
            capture_node "-1"
        }
        pcm.!default {
            type pipewire
            playback_node "-1"
            capture_node "-1"
        }
        ctl.!default {
            type pipewire
        }

        """
    }
}
