//! The price box's settings (docs/design.md §3.9, what to call with): a
//! call of X into a pot of Y, or a required equity typed as such. The
//! break-even equity it gives is drawn on the heat map's legend and the
//! distribution graph, and picks the combos that call.

use engine::study::required_equity;

/// The price box, as the player left it (saved with the preferences).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Price {
    /// Whether a price is set (else no line, no selection).
    pub on: bool,
    /// The price is a call into a pot (else a required equity).
    pub by_pot: bool,
    /// The call, in any unit.
    pub call: f64,
    /// The pot before the call (the bet included), in the same unit.
    pub pot: f64,
    /// The required equity typed, in percent.
    pub percent: f64,
}

impl Default for Price {
    fn default() -> Price {
        Price {
            on: false,
            by_pot: true,
            call: 50.0,
            pot: 150.0,
            percent: 25.0,
        }
    }
}

impl Price {
    /// The break-even equity (0 to 1), if a price is set.
    pub fn required(&self) -> Option<f64> {
        if !self.on {
            return None;
        }
        let equity = if self.by_pot {
            required_equity(self.call.max(0.0), self.pot.max(0.0))
        } else {
            self.percent / 100.0
        };
        equity.is_finite().then(|| equity.clamp(0.0, 1.0))
    }
}
